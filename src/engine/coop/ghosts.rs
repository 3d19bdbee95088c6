//! Ghosts on squares (COOP-SETUP-7): each stands in a spot of a square, a mist region, a
//! spell circle or the cemetery; the supply and Eloïse's pile hold the rest
//! (COOP-SETUP-8: board + supply + pile = the level's total, always).

use super::{Cat, CoopState};
use crate::engine::board::SquareIdx;
use serde::Serialize;

/// Where on a square a ghost stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GhostSpot {
    /// In a mist region (its index on the tile): movable, removable.
    Mist(u8),
    /// In a spell circle of a mist region: trapped until the bank is finished (SPELL-5).
    Circle(u8),
    /// On the cemetery: movable, removable (COOP-DEF-5).
    Cemetery,
}

impl GhostSpot {
    /// Whether a ghost there may be moved or removed (COOP-DEF-5): not from a circle.
    pub fn movable(self) -> bool {
        !matches!(self, GhostSpot::Circle(_))
    }

    /// The spot as records write it: `mist`, `mist 1`, `circle`, `circle 1`, `cemetery`.
    pub fn name(self) -> String {
        match self {
            GhostSpot::Mist(0) => "mist".into(),
            GhostSpot::Mist(r) => format!("mist {r}"),
            GhostSpot::Circle(0) => "circle".into(),
            GhostSpot::Circle(r) => format!("circle {r}"),
            GhostSpot::Cemetery => "cemetery".into(),
        }
    }

    /// The spot a record names.
    pub fn parse(s: &str) -> Option<GhostSpot> {
        let mut words = s.split_whitespace();
        let (kind, n) = (words.next()?, words.next());
        if words.next().is_some() {
            return None;
        }
        let n = match n {
            None => 0,
            Some(n) => n.parse().ok().filter(|n: &u8| *n < 12)?,
        };
        match kind {
            "mist" => Some(GhostSpot::Mist(n)),
            "circle" => Some(GhostSpot::Circle(n)),
            "cemetery" if n == 0 => Some(GhostSpot::Cemetery),
            _ => None,
        }
    }
}

impl CoopState {
    /// Ghosts in one spot of a square.
    pub fn ghosts_in(&self, square: SquareIdx, spot: GhostSpot) -> u8 {
        self.ghosts.iter().find(|g| g.0 == square && g.1 == spot).map_or(0, |g| g.2)
    }

    /// Movable ghosts on a square (COOP-DEF-5).
    pub fn movable_on(&self, square: SquareIdx) -> u8 {
        self.ghosts.iter().filter(|g| g.0 == square && g.1.movable()).map(|g| g.2).sum()
    }

    /// Ghosts in spell circles anywhere.
    pub fn in_circles(&self) -> u8 {
        self.ghosts.iter().filter(|g| matches!(g.1, GhostSpot::Circle(_))).map(|g| g.2).sum()
    }

    /// Ghosts that can be taken: the separate supply and Eloïse's pile, which the loss check
    /// counts together (COOP-DEC-27).
    pub fn available(&self) -> u8 {
        self.supply + self.pile
    }

    /// Put one ghost on a spot (already taken from the supply or the board).
    pub(crate) fn add_ghost(&mut self, square: SquareIdx, spot: GhostSpot) {
        match self.ghosts.iter_mut().find(|g| g.0 == square && g.1 == spot) {
            Some(g) => g.2 += 1,
            None => self.ghosts.push((square, spot, 1)),
        }
    }

    /// Take up to `n` ghosts off one spot; returns how many there were.
    pub(crate) fn lift(&mut self, square: SquareIdx, spot: GhostSpot, n: u8) -> u8 {
        let Some(i) = self.ghosts.iter().position(|g| g.0 == square && g.1 == spot) else { return 0 };
        let k = self.ghosts[i].2.min(n);
        self.ghosts[i].2 -= k;
        if self.ghosts[i].2 == 0 {
            self.ghosts.remove(i);
        }
        k
    }

    /// Take one ghost from the supply: Eloïse's pile first (COOP-CAT-1). Returns whether
    /// the pile ran out with it (she is then deployed, COOP-CAT-2).
    pub(crate) fn take(&mut self) -> bool {
        if self.pile > 0 {
            self.pile -= 1;
            // Her pile is empty: from now on there is one supply, and she goes into play.
            let deployed = self.pile == 0 && self.cat == Cat::Pile;
            if deployed {
                self.cat = Cat::Waiting;
            }
            deployed
        } else {
            self.supply -= 1;
            false
        }
    }

    /// Ghosts back to the supply: to Eloïse's pile while she waits in front of it
    /// (COOP-CAT-1), else the one supply (COOP-CAT-5).
    pub(crate) fn give_back(&mut self, n: u8) {
        if self.cat == Cat::Pile {
            self.pile += n;
        } else {
            self.supply += n;
        }
    }

    /// Remove up to `max` movable ghosts from one square (cemetery spot first, then the
    /// mist regions in order) into the supply; returns how many (COOP-3a-2, COOP-DEF-6).
    pub(crate) fn clear(&mut self, square: SquareIdx, max: u8) -> u8 {
        let mut spots: Vec<GhostSpot> =
            self.ghosts.iter().filter(|g| g.0 == square && g.1.movable()).map(|g| g.1).collect();
        crate::engine::sort::sort_by_key(&mut spots, |s| (*s != GhostSpot::Cemetery, *s));
        let mut taken = 0;
        for spot in spots {
            taken += self.lift(square, spot, max - taken);
        }
        self.give_back(taken);
        taken
    }
}
