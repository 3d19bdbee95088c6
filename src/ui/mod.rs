//! The board's view logic, without a canvas (plain Rust, tested natively): the
//! [`camera`] (board ↔ screen points, zoom, fit) and the [`targets`] (what a point on the
//! board means: a legal placement, a spot to click in a choice step, the feature to
//! inspect, why a square refuses the tile), the [`motion`] a move sets off (its
//! animations, from the move's events), and the [`palette`] of marks that read on the
//! board's background. `web::view` draws with them and feeds them pointer and key events.

pub mod camera;
pub mod motion;
pub mod palette;
pub mod targets;
