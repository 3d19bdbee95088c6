//! Français, avec les termes des règles françaises (Filosofia, Z-Man) : tuile, meeple,
//! voleur, chevalier, moine, paysan, route, ville, abbaye, pré, blason, abbé, jardin ; de
//! « Ombres et Brouillard » et de « Fantômes, Châteaux et Cimetières » : brouillard, fantômes,
//! cimetières, châteaux hantés, meeples Sentinelle ; cercles magiques, tours de guet,
//! hérétiques et lieux de culte comme le glossaire (docs/glossary.json) le justifie.
//!
//! French elides ("d'une", "l'abbaye") and contracts ("du", "au"): [`de`] and [`the`] do
//! it, and every noun carries its gender for its articles and adjectives. A colon, a
//! semicolon, "!" and "?" take a no-break space before them.

use super::choice::{ChoiceWords, Named, PlanStep, Why};
use super::speech::{per_draw, CardLine, CardState, Case, Cx, FeatureRef, Owners, Place, PlaceAs, Speech, Thing};
use super::tile::TilePart;
use super::{join_with, Lang, Line};
use crate::engine::moves::Restriction;
use crate::engine::tiles::{StartSquare, Tower};
use crate::engine::{Event, FeatureKind, FigureKind, GhostCase, Needs, PlayError, Pos, Scoring, SetupError, Side};
use crate::record::{ActionError, RecordError};

/// French.
pub(crate) struct French;

const L: Lang = Lang::Fr;

fn count(n: impl Into<i64>, one: &str, other: &str) -> String {
    L.count(n, one, other)
}

fn and<S: AsRef<str>>(items: &[S]) -> String {
    join_with(items, "et")
}

/// Whether a word begins with a vowel sound (for elision).
fn vowel(word: &str) -> bool {
    word.starts_with(['a', 'e', 'i', 'o', 'u', 'y', 'é', 'è', 'ê', 'â', 'î', 'ô', 'A', 'E', 'I', 'O', 'U', 'É'])
}

/// "de" before a noun phrase: "du" for "le", "des" for "les", "d'" before a vowel.
fn de(np: &str) -> String {
    if let Some(rest) = np.strip_prefix("le ") {
        format!("du {rest}")
    } else if let Some(rest) = np.strip_prefix("les ") {
        format!("des {rest}")
    } else if vowel(np) {
        format!("d'{np}")
    } else {
        format!("de {np}")
    }
}

/// "à" before a noun phrase: "au" for "le", "aux" for "les".
fn to(np: &str) -> String {
    if let Some(rest) = np.strip_prefix("le ") {
        format!("au {rest}")
    } else if let Some(rest) = np.strip_prefix("les ") {
        format!("aux {rest}")
    } else {
        format!("à {np}")
    }
}

/// A feature's noun and whether it is feminine.
fn noun(kind: FeatureKind) -> (&'static str, bool) {
    match kind {
        FeatureKind::Road => ("route", true),
        FeatureKind::City => ("ville", true),
        FeatureKind::Field => ("pré", false),
        FeatureKind::Monastery => ("abbaye", true),
        FeatureKind::Shrine => ("lieu de culte", false),
        FeatureKind::Garden => ("jardin", false),
        FeatureKind::Castle => ("château hanté", false),
        FeatureKind::Cemetery => ("cimetière", false),
        FeatureKind::River => ("rivière", true),
        FeatureKind::Mist => ("banc de brouillard", false),
    }
}

/// "la route", "l'abbaye", "le jardin".
fn the(kind: FeatureKind) -> String {
    let (n, f) = noun(kind);
    if vowel(n) {
        format!("l'{n}")
    } else {
        format!("{} {n}", if f { "la" } else { "le" })
    }
}

/// "une route", "un jardin".
fn a(kind: FeatureKind) -> String {
    let (n, f) = noun(kind);
    format!("{} {n}", if f { "une" } else { "un" })
}

/// An adjective agreeing with the feature: "inachevée" / "inachevé".
fn agree(kind: FeatureKind, masculine: &str, feminine: &str) -> String {
    (if noun(kind).1 { feminine } else { masculine }).to_string()
}

/// Where a figure goes: "sur une route", "dans une ville".
fn into(feature: FeatureKind) -> String {
    match feature {
        FeatureKind::Road | FeatureKind::Cemetery => format!("sur {}", a(feature)),
        FeatureKind::River | FeatureKind::Mist => "sur le plateau".into(),
        k => format!("dans {}", a(k)),
    }
}

fn role(figure: FigureKind, feature: FeatureKind) -> &'static str {
    match (figure, feature) {
        (FigureKind::Abbot, _) => "son abbé",
        (FigureKind::Guard, FeatureKind::Field) => "un meeple Sentinelle comme paysan",
        (FigureKind::Guard, _) => "un meeple Sentinelle",
        (_, FeatureKind::Road) => "un voleur",
        (_, FeatureKind::City) => "un chevalier",
        (_, FeatureKind::Field) => "un paysan",
        (_, FeatureKind::Monastery) => "un moine",
        (_, FeatureKind::Shrine) => "un hérétique",
        _ => "un meeple",
    }
}

/// A figure's noun (all masculine).
fn figure(kind: FigureKind) -> &'static str {
    match kind {
        FigureKind::Meeple => "meeple",
        FigureKind::Guard => "meeple Sentinelle",
        FigureKind::Abbot => "abbé",
    }
}

/// "le meeple", "l'abbé".
fn the_figure(kind: FigureKind) -> String {
    let n = figure(kind);
    if vowel(n) {
        format!("l'{n}")
    } else {
        format!("le {n}")
    }
}

/// A colour of the cooperative game, after "meeple" (masculine).
fn colour(c: u8) -> &'static str {
    ["rouge", "vert", "bleu", "jaune", "noir", "rose"].get(c as usize).copied().unwrap_or("?")
}

/// Rufus or Ronja.
fn hound(h: u8) -> &'static str {
    if h == 0 {
        "Rufus"
    } else {
        "Ronja"
    }
}

fn ghosts(n: impl Into<i64>) -> String {
    count(n, "fantôme", "fantômes")
}

fn tiles(n: impl Into<i64>) -> String {
    count(n, "tuile", "tuiles")
}

/// What was scored: "une ville de 5 tuiles avec 1 blason".
fn scored_feature(s: &Scoring) -> String {
    let k = s.feature;
    let open = if s.complete { String::new() } else { format!(" {}", agree(k, "inachevé", "inachevée")) };
    let a = format!("{}{open}", a(k));
    match k {
        FeatureKind::City => {
            let p = if s.pennants > 0 {
                format!(" avec {}", count(s.pennants, "blason", "blasons"))
            } else {
                String::new()
            };
            format!("{a} de {}{p}", tiles(s.tiles))
        }
        FeatureKind::Road => format!("{a} de {}", tiles(s.tiles)),
        FeatureKind::Field if s.cities == 0 => "un pré ne bordant aucune ville complète".to_string(),
        FeatureKind::Field => format!("un pré bordant {}", count(s.cities, "ville complète", "villes complètes")),
        FeatureKind::Castle => format!("{a} avec {}", count(s.tiles, "tuile de brouillard", "tuiles de brouillard")),
        k if k.is_building() && s.complete => format!("{a} {}", agree(k, "complet", "complète")),
        _ => format!("{a} avec {}", count(s.tiles.saturating_sub(1), "tuile voisine", "tuiles voisines")),
    }
}

fn part(p: TilePart) -> String {
    let arms = |n: u8| match n {
        0 => String::new(),
        1 => " avec un blason".to_string(),
        n => format!(" avec {n} blasons"),
    };
    match p {
        TilePart::City { sides: 1, arms: a } => format!("une bordure de ville{}", arms(a)),
        TilePart::City { sides: 4, arms: a } => format!("une ville sur les quatre côtés{}", arms(a)),
        TilePart::City { sides, arms: a } => format!("une ville sur {sides} côtés{}", arms(a)),
        TilePart::Caps(n) => format!("{n} bordures de ville séparées"),
        TilePart::Through { river: false, straight: true } => "une route droite".into(),
        TilePart::Through { river: false, straight: false } => "un virage".into(),
        TilePart::Through { river: true, straight: true } => "un tronçon de rivière droit".into(),
        TilePart::Through { river: true, straight: false } => "un coude de la rivière".into(),
        TilePart::Crossing(n) => format!("un carrefour de {n} routes"),
        TilePart::RoadEnd => "une route".into(),
        TilePart::Roads => "2 routes".into(),
        TilePart::Spring => "la source de la rivière".into(),
        TilePart::Lake => "le lac de la rivière".into(),
        TilePart::Building(b) => match b {
            FeatureKind::Monastery
            | FeatureKind::Shrine
            | FeatureKind::Garden
            | FeatureKind::Castle
            | FeatureKind::Cemetery => a(b),
            _ => "un bâtiment".into(),
        },
        TilePart::Tower => "une tour de guet".into(),
        TilePart::Mist => "du brouillard".into(),
        TilePart::Circles(1) => "un cercle magique".into(),
        TilePart::Circles(n) => format!("{n} cercles magiques"),
        TilePart::Field => "un pré".into(),
    }
}

fn thing(t: &Thing) -> String {
    match t {
        Thing::Start => "la tuile de départ".into(),
        Thing::StartPart(q) => format!("la case {} de la tuile de départ", corner(*q)),
        Thing::FaceDown => "une tuile face cachée".into(),
        Thing::Tile(parts) => French.tile(parts),
    }
}

fn direction(side: Side) -> &'static str {
    match side {
        Side::N => "au nord",
        Side::E => "à l'est",
        Side::S => "au sud",
        Side::W => "à l'ouest",
    }
}

/// A corner of the 2×2 start tile.
fn corner(q: StartSquare) -> &'static str {
    match q {
        StartSquare::Nw => "nord-ouest",
        StartSquare::Ne => "nord-est",
        StartSquare::Sw => "sud-ouest",
        StartSquare::Se => "sud-est",
    }
}

/// A short noun for what lies on a square: "la tuile de départ", "le cimetière", "la ville".
fn brief(t: &Thing) -> String {
    let kind = match t {
        Thing::StartPart(_) => return thing(t),
        Thing::Start => return "la tuile de départ".into(),
        Thing::FaceDown => return "la tuile face cachée".into(),
        Thing::Tile(parts) => match parts.first() {
            Some(TilePart::City { .. } | TilePart::Caps(_)) => FeatureKind::City,
            Some(TilePart::Through { river: true, .. }) => FeatureKind::River,
            Some(TilePart::Through { river: false, .. } | TilePart::RoadEnd | TilePart::Roads) => FeatureKind::Road,
            Some(TilePart::Crossing(_)) => return "le carrefour".into(),
            Some(TilePart::Spring) => return "la source".into(),
            Some(TilePart::Lake) => return "le lac".into(),
            Some(TilePart::Building(b)) => *b,
            Some(TilePart::Tower) => return "la tour de guet".into(),
            Some(TilePart::Mist) => return "le brouillard".into(),
            Some(TilePart::Circles(_)) => return "le cercle magique".into(),
            Some(TilePart::Field) | None => FeatureKind::Field,
        },
    };
    the(kind)
}

fn sides(sides: &[Side]) -> String {
    let names: Vec<&str> = sides
        .iter()
        .map(|s| match s {
            Side::N => "au nord",
            Side::E => "à l'est",
            Side::S => "au sud",
            Side::W => "à l'ouest",
        })
        .collect();
    and(&names)
}

fn capital(s: String) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

/// The preposition a figure is placed with: "sur" a road or a cemetery, else "dans".
fn prep(feature: FeatureKind) -> &'static str {
    match feature {
        FeatureKind::Road | FeatureKind::Cemetery | FeatureKind::River | FeatureKind::Mist => "sur",
        _ => "dans",
    }
}

fn turned(quarters: u8) -> &'static str {
    match quarters % 4 {
        0 => "sans la tourner",
        1 => "tournée d'un quart de tour vers la droite",
        2 => "tournée d'un demi-tour",
        _ => "tournée d'un quart de tour vers la gauche",
    }
}

impl Speech for French {
    fn event(&self, event: &Event, cx: &Cx) -> String {
        let name = |p: usize| cx.name(p);
        let of = |p: usize| de(cx.name(p));
        let at = |x: i32, y: i32| cx.at(x, y, PlaceAs::At);
        match event {
            Event::TileDrawn { player, tiles_left, .. } => {
                format!("{} a pioché une tuile (encore {})", name(*player), tiles(*tiles_left))
            }
            Event::TileDiscarded { tile, .. } => {
                format!("{tile} ne se place nulle part et quitte la partie\u{a0}; une autre tuile est piochée")
            }
            Event::TilePlaced { player, tile, x, y, .. } => match cx.tile(tile) {
                Some(parts) if cx.knows_squares() => {
                    format!("{} a posé une tuile {}\u{a0}: {}", name(*player), at(*x, *y), self.tile(&parts))
                }
                _ => format!("{} a posé une tuile {}", name(*player), at(*x, *y)),
            },
            Event::FigurePlaced { player, figure, feature, .. } => {
                format!("{} a placé {} {}", name(*player), role(*figure, *feature), into(*feature))
            }
            Event::Passed { player } => format!("{} n'a placé aucun meeple", name(*player)),
            Event::AbbotRetrieved { player, .. } => format!("{} a repris son abbé", name(*player)),
            Event::Scored(s) => {
                let winners: Vec<&str> = s.shares.iter().filter(|sh| sh.points > 0).map(|sh| name(sh.player)).collect();
                let what = scored_feature(s);
                let prefix = if s.complete { "" } else { "Décompte final\u{a0}: " };
                let holders: Vec<&str> = s.shares.iter().map(|sh| name(sh.player)).collect();
                match winners.as_slice() {
                    [] => {
                        let had = if holders.len() == 1 { "avait" } else { "avaient" };
                        format!("{prefix}{} {had} {what}\u{a0}: aucun point", and(&holders))
                    }
                    [one] => {
                        let sh = s.shares.iter().find(|sh| sh.points > 0).expect("a winner");
                        let lost = if sh.points != s.value && sh.ghosts > 0 {
                            format!(" ({} − {} pour {})", s.value, s.value - sh.points, ghosts(sh.ghosts))
                        } else {
                            String::new()
                        };
                        format!("{prefix}{one} a marqué {what}\u{a0}: {}{lost}", sh.points)
                    }
                    many => {
                        let pts = s.shares.iter().find(|sh| sh.points > 0).map_or(0, |sh| sh.points);
                        format!("{prefix}{} ont marqué {what}\u{a0}: {pts} chacun", and(many))
                    }
                }
            }
            Event::GhostPlaced { player, owner, case, ghosts: n, .. } => {
                let why = match case {
                    GhostCase::Extend => "a étendu le brouillard",
                    GhostCase::Limit => "a limité le brouillard",
                };
                let whose =
                    if owner == player { "son propre meeple".to_string() } else { format!("le meeple {}", of(*owner)) };
                format!("{} {why}\u{a0}: un fantôme hante {whose} ({})", name(*player), ghosts(*n))
            }
            Event::GhostSkipped { reason, case, .. } => {
                let what = match case {
                    GhostCase::Extend => "étendu",
                    GhostCase::Limit => "limité",
                };
                format!(
                    "Aucun fantôme pour avoir {what} le brouillard\u{a0}: {}",
                    self.reason(reason).unwrap_or(reason)
                )
            }
            Event::FigureScared { player, figure: f, .. } => {
                format!("Un troisième fantôme a chassé {} {} (aucun point)", the_figure(*f), of(*player))
            }
            Event::GuardRewarded { player, reserve_left } => {
                format!("{} prend un meeple Sentinelle dans la réserve (il en reste {reserve_left})", name(*player))
            }
            Event::GuardReserveEmpty { player } => {
                format!("La réserve de Sentinelles {} est vide\u{a0}: aucune récompense", of(*player))
            }
            Event::GhostPenalty { player, ghosts: n, points } => {
                format!("Décompte final\u{a0}: {} perd {} pour {}", name(*player), -points, ghosts(*n))
            }
            Event::TowerScored { player, tower, count: n, points, .. } => {
                let what = match tower {
                    Tower::Meeple => count(*n, "meeple", "meeples"),
                    Tower::Arms => count(*n, "blason", "blasons"),
                    Tower::Road => count(*n, "tuile avec une route", "tuiles avec une route"),
                    Tower::Monastery => count(*n, "abbaye", "abbayes"),
                    Tower::City => count(*n, "tuile avec une ville", "tuiles avec une ville"),
                };
                format!("La tour de guet {} compte {what}\u{a0}: {points}", of(*player))
            }
            Event::ChallengeStarted { heretic, monk, .. } => format!(
                "Défi\u{a0}! L'hérétique {} contre le moine {}\u{a0}: le premier bâtiment complété l'emporte",
                of(*heretic),
                of(*monk)
            ),
            Event::ChallengeWon { winner, loser, building, bonus } => {
                let extra =
                    if *bonus > 0 { format!(" et prend {bonus} pour l'autre bâtiment") } else { String::new() };
                format!(
                    "{} remporte le défi avec {}{extra}\u{a0}; {} n'obtient rien",
                    name(*winner),
                    the(*building),
                    name(*loser)
                )
            }
            Event::ChallengeEnded { reason } => {
                format!("Le défi prend fin\u{a0}: {}", self.reason(reason).unwrap_or(reason))
            }
            Event::CircleGhostsReleased { count: n, .. } => {
                let leave = L.pick(*n, "quitte", "quittent");
                format!("Le banc de brouillard est complet\u{a0}: {} {leave} les cercles magiques", ghosts(*n))
            }
            Event::CircleFilled { from: Some(p), .. } => {
                format!("Un cercle magique attire un fantôme du meeple {}", of(*p))
            }
            Event::CircleFilled { from: None, .. } => "Un cercle magique attire un fantôme de la réserve".to_string(),
            Event::CatPlaced { player, .. } => {
                format!("La chatte Éloïse s'assoit près du meeple {}", of(*player))
            }
            Event::CatWaits => "Éloïse attend le prochain meeple placé".to_string(),
            Event::CatScored { player, points } => {
                format!("Éloïse rapporte {points} {} pour les fantômes des cercles magiques", to(name(*player)))
            }
            Event::FigureReturned { player, figure: f, .. } => {
                let the = the_figure(*f);
                let mut s = format!("{the} {} est retourné dans la réserve", of(*player));
                s[..1].make_ascii_uppercase();
                s
            }
            Event::ScoreFloored { player, .. } => format!("Le score {} s'arrête à 0", of(*player)),
            Event::GhostsPlaced { x, y, count: n, spot } => {
                let where_ = match &**spot {
                    "circle" => "dans un cercle magique",
                    "cemetery" => "sur un cimetière",
                    _ => "dans le brouillard",
                };
                let verb = L.pick(*n, "apparaît", "apparaissent");
                format!("{} {verb} {where_} {}", ghosts(*n), at(*x, *y))
            }
            Event::GhostsReleased { count: n, x, y } => {
                let verb = L.pick(*n, "retourne", "retournent");
                format!("{} {} {verb} dans la réserve", ghosts(*n), at(*x, *y))
            }
            Event::GhostsRemoved { x, y, count: n } => {
                format!("L'équipe chasse {} {}", ghosts(*n), cx.at(*x, *y, PlaceAs::From))
            }
            Event::GhostAttracted { from_x, from_y, x, y } => {
                format!("Le cercle magique {} attire un fantôme {}", at(*x, *y), cx.at(*from_x, *from_y, PlaceAs::From))
            }
            Event::MeeplePlaced { player, colour: c, feature, .. } => {
                format!("{} a placé un meeple {} {}", name(*player), colour(*c), into(*feature))
            }
            Event::MeepleReturned { colour: c, .. } => format!("Le meeple {} retourne dans sa réserve", colour(*c)),
            Event::MeepleBuried { colour: c, x, y } => {
                format!("Le cimetière {} se ferme\u{a0}: le meeple {} est enterré", at(*x, *y), colour(*c))
            }
            Event::TeamScored { feature, value, colours, points, .. } => {
                let who: Vec<&str> = colours.iter().map(|c| colour(*c)).collect();
                let each = if points == value { "" } else { " chacun" };
                format!("L'équipe marque {} ({})\u{a0}: {points}{each}", the(*feature), and(&who))
            }
            Event::ScoringGivenUp { feature, .. } => {
                format!("L'équipe renonce aux points {} pour chasser des fantômes", de(&the(*feature)))
            }
            Event::HoundReached { hound: h } => {
                format!("Le score atteint {}\u{a0}: la pile suivante s'ouvre", hound(*h))
            }
            Event::PileOpened { pile, tiles: n } => format!("La pile {pile} entre en jeu ({})", tiles(*n)),
            Event::HoundPlaced { hound: h, colour: c, .. } => {
                format!("{} court avec le meeple {}", hound(*h), colour(*c))
            }
            Event::HoundLost { hound: h } => format!("{} quitte la partie", hound(*h)),
            Event::HoundScored { hound: h, points } => {
                format!("{} rapporte {points} pour les fantômes sur le plateau", hound(*h))
            }
            Event::CatJoined { colour: c, .. } => format!("La chatte Éloïse s'assoit près du meeple {}", colour(*c)),
            Event::TeamCatScored { points } => {
                format!("Éloïse rapporte {points} pour les fantômes des cercles magiques")
            }
            Event::FaceDownPlaced { x, y } => format!("Une tuile est posée face cachée {}", at(*x, *y)),
            Event::TeamWon { turn, .. } => {
                format!("L'équipe a atteint l'objectif au tour {turn}\u{a0}: victoire\u{a0}!")
            }
            Event::TeamLost { turn, why, piles: 1, .. } if why == "pile" => {
                format!("La pioche s'est épuisée au tour {turn} avant l'objectif\u{a0}: les fantômes gagnent")
            }
            Event::TeamLost { turn, why, pile, piles, .. } if why == "pile" => {
                format!("La pile {pile} sur {piles} s'est épuisée au tour {turn}\u{a0}: les fantômes gagnent")
            }
            Event::TeamLost { turn, needed, supply, .. } => {
                let were = L.pick(*needed, "était nécessaire", "étaient nécessaires");
                format!(
                    "Au tour {turn}, {} {were} mais il n'en restait que {supply}\u{a0}: les fantômes gagnent",
                    ghosts(*needed)
                )
            }
            Event::GameOver { scores, winners } => {
                let ws: Vec<&str> = winners.iter().map(|w| name(*w)).collect();
                let best = winners.first().map_or(0, |w| scores[*w]);
                let points = count(best, "point", "points");
                if ws.len() == 1 {
                    format!("Fin de la partie\u{a0}: {} gagne avec {points}", ws[0])
                } else {
                    format!("Fin de la partie\u{a0}: {} se partagent la victoire avec {points}", and(&ws))
                }
            }
        }
    }

    fn line(&self, l: Line) -> String {
        match l {
            Line::TileUndone(n) => format!("{n} a repris la tuile"),
            Line::TurnUndone(n) => format!("{n} a repris son tour"),
            Line::Loaded => "La partie a été chargée".to_string(),
        }
    }

    fn tile(&self, parts: &[TilePart]) -> String {
        let words: Vec<String> = parts.iter().map(|p| part(*p)).collect();
        match words.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [first, rest @ ..] => {
                let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
                format!("{first} avec {}", and(&rest))
            }
        }
    }

    fn place(&self, p: &Place, as_: PlaceAs) -> String {
        let coords = format!("({}, {})", p.x, p.y);
        let rel = p.by.as_ref().map(|(side, t)| format!("{} {}", direction(*side), de(&thing(t))));
        match (as_, &p.here, rel) {
            (PlaceAs::Name, Some(h), Some(rel)) => format!("{} {rel}", thing(h)),
            (PlaceAs::Name | PlaceAs::Relation, Some(h @ (Thing::Start | Thing::StartPart(_))), _) => thing(h),
            (PlaceAs::Name, Some(h), None) => thing(h),
            (PlaceAs::Name | PlaceAs::Relation | PlaceAs::At, _, Some(rel)) => rel,
            (PlaceAs::Name | PlaceAs::Relation, None, None) => coords,
            (PlaceAs::At, Some(h), None) => format!("sur {}", thing(h)),
            (PlaceAs::At, None, None) => format!("en {coords}"),
            (PlaceAs::From, _, _) => de(&self.place(p, PlaceAs::Name)),
            (PlaceAs::Relation, Some(_), None) => coords,
        }
    }

    fn card(&self, line: &CardLine) -> String {
        match line {
            CardLine::Title { kind, state } => {
                let n = noun(*kind).0;
                let mut title = match state {
                    CardState::None => n.to_string(),
                    CardState::Open => format!("{n} ({})", agree(*kind, "inachevé", "inachevée")),
                    CardState::Done => format!("{n} ({})", agree(*kind, "complet", "complète")),
                    CardState::Limited => format!("{n} (limité\u{a0}: jamais complet)"),
                };
                // The first letter capitalised: "Route", "Abbaye", "Château hanté".
                let first = title.chars().next().map_or(0, char::len_utf8);
                let upper = title[..first].to_uppercase();
                title.replace_range(..first, &upper);
                title
            }
            CardLine::Extent { kind, tiles: t, arms, open } => {
                let mut what = vec![tiles(*t)];
                if *arms > 0 {
                    what.push(count(*arms, "blason", "blasons"));
                }
                if *open > 0 {
                    what.push(match kind {
                        FeatureKind::Road => count(*open, "extrémité ouverte", "extrémités ouvertes"),
                        _ => count(*open, "bord ouvert", "bords ouverts"),
                    });
                }
                and(&what.iter().map(String::as_str).collect::<Vec<_>>())
            }
            CardLine::Filled { squares } => format!("{} sur 9", count(*squares, "case occupée", "cases occupées")),
            CardLine::Misty { squares } => count(*squares, "case de brouillard autour", "cases de brouillard autour"),
            CardLine::Field { cities, value } => format!(
                "Borde {}\u{a0}: {value} pour la majorité de paysans",
                count(*cities, "ville complète", "villes complètes")
            ),
            CardLine::Mist { regions, open } => format!(
                "{}, {}",
                count(*regions, "zone de brouillard", "zones de brouillard"),
                count(*open, "bord de brouillard ouvert", "bords de brouillard ouverts")
            ),
            CardLine::Worth { this_turn: true, value, .. } => format!("Marqué à la fin de ce tour\u{a0}: {value}"),
            CardLine::Odds { kind, unseen, needs } => {
                let (n, f) = noun(*kind);
                let this = format!(
                    "{} {n}",
                    if f {
                        "cette"
                    } else if vowel(n) {
                        "cet"
                    } else {
                        "ce"
                    }
                );
                match *needs {
                    Needs::Last { closers: 0 } => format!("Aucune tuile pas encore vue n'achève {this} d'un coup"),
                    Needs::Last { closers } => format!(
                        "{closers} des {unseen} tuiles pas encore vues {} {this}\u{a0}: {}\u{a0}% à chaque pioche",
                        if closers == 1 { "achève" } else { "achèvent" },
                        per_draw(closers, *unseen)
                    ),
                    Needs::Tiles(t) => format!("Il faut encore au moins {}", count(t, "tuile", "tuiles")),
                    Needs::Never => format!("Plus aucune tuile ne peut achever {this}"),
                }
            }
            CardLine::IfConfirmed => "Si vous confirmez la figurine\u{a0}:".to_string(),
            CardLine::Worth { complete: true, value, .. } => format!("Marqué\u{a0}: {value}"),
            CardLine::Worth { value, if_completed, .. } => match if_completed {
                Some(c) => format!("Maintenant\u{a0}: {value} · si complété\u{a0}: {c}"),
                None => format!("Maintenant\u{a0}: {value}"),
            },
            CardLine::Nobody => "Personne ne l'occupe".to_string(),
            CardLine::Holder { name, figures, ghosts: g, majority } => {
                let mut s = format!("{name}\u{a0}: {}", count(*figures, "figurine", "figurines"));
                if *g > 0 {
                    s += &format!(", {}", ghosts(*g));
                }
                if *majority {
                    s += " (majorité)";
                }
                s
            }
        }
    }

    fn feature(&self, f: &FeatureRef) -> String {
        let the = the(f.kind);
        let what = match f.tiles {
            Some(n) => format!("{the} de {}", tiles(n)),
            None => the,
        };
        match &f.owners {
            Owners::Nobody => what,
            Owners::Players(names) => {
                let owners: Vec<String> = names.iter().map(|n| de(n)).collect();
                let owners: Vec<&str> = owners.iter().map(String::as_str).collect();
                format!("{what} {}", and(&owners))
            }
            Owners::Colours(cs) if cs.len() == 1 => format!("{what} avec le meeple {}", colour(cs[0])),
            Owners::Colours(cs) => {
                let names: Vec<&str> = cs.iter().map(|c| colour(*c)).collect();
                format!("{what} avec les meeples {}", and(&names))
            }
        }
    }

    fn spot(&self, kind: FeatureKind, side: Option<Side>) -> String {
        let side = match side {
            None => return the(kind),
            Some(Side::N) => "nord",
            Some(Side::E) => "est",
            Some(Side::S) => "sud",
            Some(Side::W) => "ouest",
        };
        format!("{} du côté {side}", the(kind))
    }

    fn named(&self, n: &Named, _: Case) -> String {
        match n {
            Named::Meeple { colour: c, feature, near, at } => {
                let meeple = format!("le meeple {}", colour(*c));
                let mut s = match feature {
                    Some(k) => format!("{meeple} {} {}", prep(*k), the(*k)),
                    None => meeple,
                };
                if let Some((side, t)) = near {
                    s = format!("{s} {} {}", direction(*side), de(&brief(t)));
                }
                if let Some(p) = at {
                    s = format!("{s} {}", self.place(p, PlaceAs::At));
                }
                s
            }
            Named::Feature { kind, colours, near, at } => {
                let who: Vec<&str> = colours.iter().map(|c| colour(*c)).collect();
                let mut s = match who.len() {
                    0 => the(*kind),
                    1 => format!("{} du meeple {}", the(*kind), who[0]),
                    _ => format!("{} des meeples {}", the(*kind), and(&who)),
                };
                if let Some((side, t)) = near {
                    s = format!("{s} {} {}", direction(*side), de(&brief(t)));
                }
                if let Some(p) = at {
                    s = format!("{s} {}", self.place(p, PlaceAs::At));
                }
                s
            }
            Named::Square { full: Some(p), .. } => self.place(p, PlaceAs::Name),
            Named::Square { here, by, .. } => {
                let rel = by.as_ref().map(|(side, t)| format!("{} {}", direction(*side), de(&brief(t))));
                match (here, rel) {
                    (Some(h), Some(rel)) => format!("{} {rel}", brief(h)),
                    (Some(h), None) => brief(h),
                    (None, Some(rel)) => rel,
                    (None, None) => "la case".into(),
                }
            }
            Named::Mist { sides: s, on } => {
                let mut out = "le brouillard".to_string();
                if !s.is_empty() {
                    out = format!("{out} {}", sides(s));
                }
                if let Some(on) = on {
                    out = format!("{out} sur {}", self.named(on, Case::Dat));
                }
                out
            }
            Named::Coords(n, x, y) => format!("{} ({x}, {y})", self.named(n, Case::Nom)),
        }
    }

    fn choice(&self, c: &ChoiceWords) -> String {
        let name = |n: &Named| self.named(n, Case::Nom);
        capital(match c {
            ChoiceWords::Points { points, feature } => {
                format!("prendre {}\u{a0}: {}", count(*points, "point", "points"), name(feature))
            }
            ChoiceWords::Remove { ghosts: g, from, instead_of } => {
                let mut s = format!("chasser plutôt {} {}", ghosts(*g), de(&name(from)));
                if let Some(f) = instead_of {
                    s += &format!(" (en renonçant {})", to(&name(f)));
                }
                s
            }
            ChoiceWords::Bury { meeple } => format!("enterrer {}", name(meeple)),
            ChoiceWords::BuryColour { colour: c } => format!("enterrer un meeple {} de la réserve", colour(*c)),
            ChoiceWords::Spot { spot, .. } => name(spot),
            ChoiceWords::Attract { from } => format!("un fantôme {}", de(&name(from))),
            ChoiceWords::With { meeple, .. } => name(meeple),
            ChoiceWords::Clear { ghosts: g, from } => format!("chasser {} {}", ghosts(*g), de(&name(from))),
            ChoiceWords::FaceDown { at } => name(at),
        })
    }

    fn plan(&self, s: &PlanStep) -> String {
        let name = |n: &Named| self.named(n, Case::Acc);
        match s {
            PlanStep::Tile { at, quarters } => format!("poser la tuile {at}, {}", turned(*quarters)),
            PlanStep::Figure { figure, feature, spot } => {
                format!("placer {} {} {spot}", role(*figure, *feature), prep(*feature))
            }
            PlanStep::Meeple { colour: c, feature, spot } => {
                format!("placer un meeple {} {} {spot}", colour(*c), prep(*feature))
            }
            PlanStep::Pass => "ne placer aucun meeple".into(),
            PlanStep::Retrieve { at } => format!("reprendre l'abbé {at}"),
            PlanStep::SetChoice => "faire le choix qui suit".into(),
            PlanStep::Choice(c) => match c.as_ref() {
                ChoiceWords::Points { points, feature } => {
                    let the = L.pick(*points, "le", "les");
                    format!("prendre {the} {} {}", count(*points, "point", "points"), de(&name(feature)))
                }
                ChoiceWords::Remove { ghosts: g, from, instead_of: Some(f) } => {
                    format!("renoncer aux points {} pour chasser {} {}", de(&name(f)), ghosts(*g), de(&name(from)))
                }
                ChoiceWords::Remove { ghosts: g, from, .. } => {
                    format!("y renoncer pour chasser {} {}", ghosts(*g), de(&name(from)))
                }
                ChoiceWords::Bury { meeple } => format!("enterrer {}", name(meeple)),
                ChoiceWords::BuryColour { colour: c } => format!("enterrer un meeple {} de la réserve", colour(*c)),
                ChoiceWords::Spot { why: Why::Fewer, spot } => {
                    format!("donner un fantôme de moins {}", to(&name(spot)))
                }
                ChoiceWords::Spot { why: Why::CemeteryGhost, spot } => {
                    format!("mettre le fantôme en plus sur {}", name(spot))
                }
                ChoiceWords::Spot { why: Why::MistGhost, spot } => {
                    format!("mettre le fantôme du cimetière dans {}", name(spot))
                }
                ChoiceWords::Spot { spot, .. } => format!("choisir {}", name(spot)),
                ChoiceWords::Attract { from } => {
                    format!("laisser le cercle magique attirer un fantôme {}", de(&name(from)))
                }
                ChoiceWords::With { why: Why::Hound(h), meeple } => {
                    format!("faire courir {} avec {}", hound(*h), name(meeple))
                }
                ChoiceWords::With { meeple, .. } => format!("installer Éloïse près {}", de(&name(meeple))),
                ChoiceWords::Clear { ghosts: g, from } => format!("chasser {} {}", ghosts(*g), de(&name(from))),
                ChoiceWords::FaceDown { at } => format!("poser la tuile face cachée {}", name(at)),
            },
        }
    }

    fn ruin(&self) -> (String, [String; 2]) {
        (
            "Ruine".into(),
            [
                "Là où se rejoignent les quatre cases de la tuile de départ\u{a0}: les routes s'y arrêtent et les prés s'y séparent".into(),
                "Simple décor\u{a0}: aucune figurine ne peut s'y placer et elle ne rapporte jamais de points".into(),
            ],
        )
    }

    fn play_error(&self, e: &PlayError, cx: &Cx) -> String {
        let at = |p: &Pos| cx.at(p.x, p.y, PlaceAs::At);
        let awaited = |t: &str| self.awaited(t).unwrap_or("un autre coup");
        match e {
            PlayError::GameOver => "la partie est terminée".into(),
            PlayError::WrongStep { expected } => format!("pas maintenant\u{a0}: la partie attend {}", awaited(expected)),
            PlayError::NotNow(expected) => format!(
                "ce n'est pas une réponse à cette étape\u{a0}: la partie attend {}",
                awaited(expected)
            ),
            PlayError::WrongTile { drawn, given } => format!("la tuile piochée est {drawn}, pas {given}"),
            PlayError::Occupied(p) => format!("il y a déjà une tuile {}", at(p)),
            PlayError::NotAdjacent(p) => {
                format!("la case {} ne touche aucune tuile posée", cx.at(p.x, p.y, PlaceAs::Relation))
            }
            PlayError::EdgeMismatch { pos, rot } => format!(
                "la tuile, {}, ne correspond pas à ses voisines {}",
                match rot.quarters() {
                    0 => "telle qu'imprimée",
                    1 => "tournée d'un quart de tour vers la droite",
                    2 => "tournée d'un demi-tour",
                    _ => "tournée d'un quart de tour vers la gauche",
                },
                at(pos)
            ),
            PlayError::Forbidden(why) => format!("interdit\u{a0}: {}", self.restriction(why, cx)),
            PlayError::NoSuchSpot(s) => format!("la tuile n'a pas d'emplacement pour une figurine en {s}"),
            PlayError::FeatureOccupied(k) => {
                let (n, f) = noun(*k);
                format!("{} {n} a déjà une figurine", if f { "cette" } else { "ce" })
            }
            PlayError::FigureNotAllowed { figure: f, feature } => {
                format!("un {} ne peut pas être placé {}", figure(*f), into(*feature))
            }
            PlayError::NoneInSupply(k) => format!("il ne reste plus {} dans la réserve", de(figure(*k))),
            PlayError::NoAbbotThere(p) => format!("vous n'avez pas d'abbé {}", at(p)),
            PlayError::AbbotsBuildingComplete(p) => format!(
                "l'abbé {} ne peut pas être repris\u{a0}: son bâtiment est complet et marque ce tour-ci (BASE-ABBOT-4)",
                at(p)
            ),
            PlayError::NotACircleTarget(p) => format!(
                "aucune figurine {} ne peut donner un fantôme à ce cercle magique (il en attire un d'une figurine avec un fantôme sur les 8 cases autour de la tuile posée)",
                at(p)
            ),
            PlayError::NotACatTarget(p) => {
                format!("aucune figurine ne se trouve {} pour qu'Éloïse s'assoie à côté", at(p))
            }
            PlayError::NotAGhostTarget(p) => format!(
                "aucun meeple {} ne peut recevoir ce fantôme (étendre le brouillard hante le meeple d'un autre joueur, le limiter l'un des vôtres\u{a0}; jamais une Sentinelle)",
                at(p)
            ),
        }
    }

    fn restriction(&self, r: &Restriction, cx: &Cx) -> String {
        match r {
            Restriction::NoFarmers => "les paysans ne sont pas en jeu dans cette partie".into(),
            Restriction::BordersTwo { building, other } => {
                format!("{} ne peut pas border plus {}", a(*building), de(&a(*other)))
            }
            Restriction::MakesBorderTwo { building, other, at } => {
                let pronoun = if noun(*other).1 { "elle" } else { "il" };
                format!(
                    "{} {} borde déjà {}\u{a0}; {pronoun} ne peut pas en border deux",
                    the(*other),
                    cx.at(at.x, at.y, PlaceAs::At),
                    a(*building)
                )
            }
            Restriction::RiverMustExtend => {
                "une tuile Rivière doit prolonger la rivière depuis son extrémité ouverte (BASE-RIVER-1)".into()
            }
            Restriction::RiverUTurn => {
                "la rivière ne peut pas tourner du même côté sur deux tuiles de suite\u{a0}: ce serait un demi-tour (BASE-RIVER-1)"
                    .into()
            }
        }
    }

    fn setup_error(&self, e: &SetupError) -> String {
        match e {
            SetupError::PlayerCount(n) => format!(
                "une partie se joue de 2 à 5 joueurs, pas {n} (le jeu coopératif, ou un problème à ordre de tuiles fixé\u{a0}: de 1 à 5)"
            ),
            SetupError::NameTooLong { seat, chars } => format!(
                "le nom du joueur {} fait {chars} caractères\u{a0}; un nom en a au plus {}",
                seat + 1,
                crate::engine::setup::MAX_NAME
            ),
            SetupError::BadColor { seat, .. } => format!(
                "la couleur du joueur {} n'est pas une couleur comme «\u{a0}#d9342b\u{a0}» (# et 3 ou 6 chiffres hexadécimaux)",
                seat + 1
            ),
            SetupError::SeatColours { seat, .. } => {
                format!("les couleurs du joueur {} ne conviennent pas au jeu coopératif", seat + 1)
            }
            SetupError::DrawTooLong(n) => format!("l'ordre des tuiles en nomme {n}\u{a0}: trop pour une partie"),
            SetupError::UnknownSet(s) => format!("extension inconnue {s:?}"),
            SetupError::NoBase => "toute partie a besoin du jeu de base («\u{a0}base\u{a0}»)".into(),
            SetupError::DuplicateSet(s) => format!("l'extension «\u{a0}{s}\u{a0}» est citée deux fois"),
            SetupError::FirstPlayer(n) => format!(
                "«\u{a0}first_player\u{a0}» {n} ne désigne aucune place (elles comptent depuis 0\u{a0}; pas dans le jeu coopératif)"
            ),
            SetupError::UnknownTile(t) => {
                format!("l'ordre des tuiles nomme la tuile {t:?}, qui n'est dans aucune boîte choisie")
            }
            SetupError::OptionalTile(t) => format!(
                "l'ordre des tuiles nomme la tuile {t:?}, que seules certaines éditions ont\u{a0}: activez l'option «\u{a0}optional_tiles\u{a0}»"
            ),
            SetupError::TooManyCopies { tile, available } => {
                format!("l'ordre des tuiles a plus d'exemplaires de {tile} que les {available} des boîtes")
            }
            SetupError::NoStartTile => "les tuiles de ces boîtes n'ont pas de tuile de départ".into(),
            SetupError::Requires { set, needs } => {
                format!("l'extension «\u{a0}{set}\u{a0}» se joue avec «\u{a0}{needs}\u{a0}»\u{a0}: ajoutez-la")
            }
            SetupError::Excludes { set, other, .. } => {
                format!("l'extension «\u{a0}{set}\u{a0}» ne se joue pas avec «\u{a0}{other}\u{a0}»")
            }
            SetupError::DrawOrder(_) => "l'ordre des tuiles enfreint une règle".into(),
            SetupError::NotAvailable(what) => format!("{what} n'est pas encore disponible dans cette version"),
            SetupError::Coop(_) => "cette mise en place du jeu coopératif n'est pas possible selon les règles".into(),
        }
    }

    fn record_error(&self, e: &RecordError, cx: &Cx) -> String {
        match e {
            RecordError::Malformed(m) if m.starts_with("the share code") => "le code de partage est abîmé".into(),
            RecordError::Malformed(_) => {
                "ce n'est pas un enregistrement de partie valable\u{a0}: il est abîmé ou d'un autre type".into()
            }
            RecordError::Version(m) if m.contains("newer") => {
                "ceci a été fait par une version plus récente du jeu\u{a0}; cette version ne peut pas le lire".into()
            }
            RecordError::Version(_) => "cette version du format n'existe pas".into(),
            RecordError::Setup(s) => {
                format!("la mise en place de l'enregistrement n'est pas jouable\u{a0}: {}", self.setup_error(s))
            }
            RecordError::Action { index, error: ActionError::Illegal(why), .. } => {
                format!("le coup {} ne peut pas être joué\u{a0}: {}", index + 1, self.play_error(why, cx))
            }
            RecordError::Action { index, .. } => format!("le coup {} est illisible", index + 1),
        }
    }
}

impl French {
    /// What a step waits for, from the engine's `expects()` text.
    pub(super) fn awaited(&self, expected: &str) -> Option<&'static str> {
        Some(match expected {
            "a tile placement" => "la pose d'une tuile",
            "a ghost placement (choose a meeple to haunt)" => "un fantôme (choisissez un meeple à hanter)",
            "a spell circle to attract a ghost (choose a meeple beside the tile)" => {
                "un cercle magique qui attire un fantôme (choisissez un meeple à côté de la tuile)"
            }
            "Eloïse to be placed next to a meeple" => "Éloïse, à côté d'un meeple",
            "a figure placement or a pass" => "une figurine, ou aucune",
            "nothing (the game is over)" => "rien (la partie est terminée)",
            "a meeple to bury on the closed cemetery" => "un meeple à enterrer sur le cimetière fermé",
            "the extending mist region that places one ghost fewer" => {
                "la zone de brouillard étendue qui reçoit un fantôme de moins"
            }
            "a ghost around the tile for its spell circle" => "un fantôme autour de la tuile pour son cercle magique",
            "the open cemetery that receives a ghost" => "le cimetière ouvert qui reçoit un fantôme",
            "the mist region that receives the ghost" => "la zone de brouillard qui reçoit le fantôme",
            "a meeple for Eloïse" => "un meeple pour Éloïse",
            "a meeple on the tile, or none" => "un meeple sur la tuile, ou aucun",
            "a completed feature to score, or to give up for removing ghosts" => {
                "une zone complète à marquer, ou à sacrifier pour chasser des fantômes"
            }
            "a meeple for the hound" => "un meeple pour le chien",
            "a square around the hound to remove ghosts from, or none" => {
                "une case autour du chien d'où chasser des fantômes, ou aucune"
            }
            "a square for the face-down tile" => "une case pour la tuile face cachée",
            _ => return None,
        })
    }

    /// The engine's reason in an event.
    pub(super) fn reason(&self, reason: &str) -> Option<&'static str> {
        Some(match reason {
            "no ghosts left in the supply" => "il n'y a plus de fantôme dans la réserve",
            "no other player has a meeple a ghost may haunt" => {
                "aucun autre joueur n'a de meeple qu'un fantôme puisse hanter"
            }
            "the player has no meeple a ghost may haunt" => "le joueur n'a aucun meeple qu'un fantôme puisse hanter",
            "both buildings were completed at once: both score" => {
                "les deux bâtiments ont été complétés en même temps\u{a0}: les deux marquent"
            }
            "a participant left the board" => "un participant a quitté le plateau",
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Share;
    use crate::text::describe_in;

    #[test]
    fn french_lines_elide_and_agree() {
        let names: Vec<String> = ["Ann", "Bo", "Ève"].iter().map(|s| s.to_string()).collect();
        let fr = |e: &Event| describe_in(Lang::Fr, e, &names);
        let city = crate::text::en::tests::city(vec![Share { player: 0, figures: 2, ghosts: 0, points: 12 }]);
        assert_eq!(fr(&Event::Scored(city.clone())), "Ann a marqué une ville de 5 tuiles avec 1 blason\u{a0}: 12");
        let abbey = Scoring {
            feature: FeatureKind::Monastery,
            complete: false,
            tiles: 4,
            value: 4,
            shares: vec![Share { player: 2, figures: 1, ghosts: 0, points: 4 }],
            ..city.clone()
        };
        assert_eq!(
            fr(&Event::Scored(abbey)),
            "Décompte final\u{a0}: Ève a marqué une abbaye inachevée avec 3 tuiles voisines\u{a0}: 4"
        );
        let scared =
            Event::FigureScared { player: 0, figure: FigureKind::Abbot, feature: FeatureKind::Garden, x: 0, y: 0 };
        assert_eq!(fr(&scared), "Un troisième fantôme a chassé l'abbé d'Ann (aucun point)");
        // Zero and one take the singular in French.
        let drawn = Event::TileDrawn { player: 1, tile: "base.U".into(), tiles_left: 0 };
        assert_eq!(fr(&drawn), "Bo a pioché une tuile (encore 0 tuile)");
        assert_eq!(de("le jardin"), "du jardin");
        assert_eq!(de("une route"), "d'une route");
        assert_eq!(de("la tuile de départ"), "de la tuile de départ");
    }
}
