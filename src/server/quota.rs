//! Hourly quotas per address (an IPv4 address or an IPv6 /64): rooms created, and computer
//! seats asked for (each computer seat costs CPU for a whole game). A quota is taken before
//! the work and given back if the work fails, so refused requests count not.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const HOUR: Duration = Duration::from_secs(3600);

/// One quota: at most `per_hour` units per address in any hour.
pub struct Quota {
    per_hour: usize,
    /// What refusals say is used up ("rooms", "computer players").
    what: &'static str,
    used: Mutex<HashMap<IpAddr, Vec<Instant>>>,
}

/// Units taken together, to give back if the work they were for fails.
#[derive(Debug)]
pub struct Taken {
    address: IpAddr,
    at: Instant,
}

impl Quota {
    /// A quota of `per_hour` units of `what`.
    pub fn new(per_hour: usize, what: &'static str) -> Quota {
        Quota { per_hour, what, used: Mutex::new(HashMap::new()) }
    }

    /// Take `n` units for `address`, or say why not.
    pub fn take(&self, address: IpAddr, n: usize) -> Result<Taken, super::refusal::Refusal> {
        let mut used = self.used.lock().expect("quota");
        let mine = used.entry(address).or_default();
        mine.retain(|t| t.elapsed() < HOUR);
        if mine.len() + n > self.per_hour {
            return Err(super::refusal::Refusal::Quota { what: self.what });
        }
        let at = Instant::now();
        mine.extend(std::iter::repeat_n(at, n));
        Ok(Taken { address, at })
    }

    /// Give back units taken for work that failed.
    pub fn give_back(&self, taken: Taken) {
        if let Some(mine) = self.used.lock().expect("quota").get_mut(&taken.address) {
            mine.retain(|t| *t != taken.at);
        }
    }

    /// Forget addresses that used nothing in the last hour.
    pub fn prune(&self) {
        self.used.lock().expect("quota").retain(|_, times| {
            times.retain(|t| t.elapsed() < HOUR);
            !times.is_empty()
        });
    }

    /// How many addresses are remembered.
    pub fn addresses(&self) -> usize {
        self.used.lock().expect("quota").len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quota_counts_units_gives_back_failures_and_forgets_the_idle() {
        let q = Quota::new(3, "rooms");
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        q.take(a, 2).unwrap();
        let failed = q.take(a, 1).unwrap();
        assert_eq!(q.take(a, 1).unwrap_err(), super::super::refusal::Refusal::Quota { what: "rooms" });
        assert!(q.take(a, 1).unwrap_err().to_string().contains("too many rooms"));
        q.give_back(failed);
        q.take(a, 1).unwrap();
        assert!(q.take(a, 1).is_err() && q.take(b, 3).is_ok());
        q.prune();
        assert_eq!(q.addresses(), 2, "both used something this hour");
        let empty = Quota::new(1, "rooms");
        let t = empty.take(a, 1).unwrap();
        empty.give_back(t);
        empty.prune();
        assert_eq!(empty.addresses(), 0);
    }
}
