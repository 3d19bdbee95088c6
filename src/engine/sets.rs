//! The tile sets (the base game and its expansions) by name, and the set of them a game
//! plays. Names are the catalogue's file names (`tiles/*.toml`); records, the command
//! line and JavaScript use them, the engine uses [`Set`].

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// One tile set: the base game or an expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Set {
    /// The base game, 3rd edition (with farmers and the Abbot module's gardens).
    Base,
    /// The River (in the 3rd-edition base box).
    River,
    /// Ghosts, Castles & Cemeteries.
    Ghosts,
    /// The Spell Circles (with the cat Eloïse).
    SpellCircles,
    /// The Watchtowers.
    Watchtowers,
    /// Heretics & Shrines.
    Shrines,
}

impl Set {
    /// Every set, in catalogue order (the order the rule sets hook into a turn).
    pub const ALL: [Set; 6] = [Set::Base, Set::River, Set::Ghosts, Set::SpellCircles, Set::Watchtowers, Set::Shrines];

    /// The catalogue file name, as records and the command line write it.
    pub const fn name(self) -> &'static str {
        match self {
            Set::Base => "base",
            Set::River => "river",
            Set::Ghosts => "ghosts",
            Set::SpellCircles => "spellcircles",
            Set::Watchtowers => "watchtowers",
            Set::Shrines => "shrines",
        }
    }

    /// The set's English title.
    pub const fn title(self) -> &'static str {
        match self {
            Set::Base => "Carcassonne",
            Set::River => "The River",
            Set::Ghosts => "Ghosts, Castles & Cemeteries",
            Set::SpellCircles => "The Spell Circles",
            Set::Watchtowers => "The Watchtowers",
            Set::Shrines => "Heretics & Shrines",
        }
    }

    /// The set with a catalogue name.
    pub fn from_name(name: &str) -> Option<Set> {
        Set::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The names of every set, comma-separated (for messages).
    pub fn names() -> String {
        Set::ALL.map(Set::name).join(", ")
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Set {
    type Err = String;
    fn from_str(s: &str) -> Result<Set, String> {
        Set::from_name(s).ok_or_else(|| format!("unknown tile set {s:?}; the sets are {}", Set::names()))
    }
}

impl Serialize for Set {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Set {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Set, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of [`Set`]s, one bit each: which sets a game plays, or which of them hook into a
/// step of the turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SetMask(u8);

impl SetMask {
    /// No set.
    pub const EMPTY: SetMask = SetMask(0);

    /// Whether `set` is in the mask.
    pub const fn contains(self, set: Set) -> bool {
        self.0 & set.bit() != 0
    }

    /// The mask with `set` added.
    pub const fn with(self, set: Set) -> SetMask {
        SetMask(self.0 | set.bit())
    }

    /// Whether no set is in the mask.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The sets in the mask, in catalogue order (one step per set in the mask: an empty
    /// mask costs nothing).
    pub fn iter(self) -> impl Iterator<Item = Set> {
        members(self.0, &Set::ALL)
    }
}

/// The members of a bitmask over `all` (bit i: `all[i]`), lowest bit first.
pub(crate) fn members<T: Copy>(mask: u8, all: &'static [T]) -> impl Iterator<Item = T> {
    let mut bits = mask;
    std::iter::from_fn(move || {
        let i = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1);
        all.get(i).copied()
    })
}

impl FromIterator<Set> for SetMask {
    fn from_iter<I: IntoIterator<Item = Set>>(iter: I) -> SetMask {
        iter.into_iter().fold(SetMask::EMPTY, SetMask::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for s in Set::ALL {
            assert_eq!(s.name().parse::<Set>(), Ok(s));
            assert_eq!(serde_json::to_string(&s).unwrap(), format!("\"{}\"", s.name()));
        }
        assert!("dragons".parse::<Set>().unwrap_err().contains("unknown tile set"));
        assert!(serde_json::from_str::<Set>("\"Base\"").is_err());
    }

    #[test]
    fn masks_hold_sets_in_catalogue_order() {
        let m: SetMask = [Set::Shrines, Set::Base, Set::Ghosts].into_iter().collect();
        assert!(m.contains(Set::Ghosts) && !m.contains(Set::River));
        assert_eq!(m.iter().collect::<Vec<_>>(), vec![Set::Base, Set::Ghosts, Set::Shrines]);
        assert!(SetMask::EMPTY.is_empty());
    }
}
