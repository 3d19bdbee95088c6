//! The computers' thinking, bounded (issue 22, defect 3): plans run on at most `threads`
//! blocking threads at once, in the order asked (a FIFO queue), and no address holds more
//! than half of them, so one address's many rooms slow only themselves. A room asks for one
//! plan at a time, so rooms take turns.

use crate::ai::{Bot, Level};
use crate::engine::{Action, Game};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// The pool of planners.
pub struct Planners {
    all: Arc<Semaphore>,
    share: usize,
    per_address: Mutex<HashMap<IpAddr, Arc<Semaphore>>>,
}

impl Planners {
    /// A pool of `threads` planners (at least one).
    pub fn new(threads: usize) -> Planners {
        let threads = threads.max(1);
        Planners { all: Arc::new(Semaphore::new(threads)), share: threads.div_ceil(2), per_address: Mutex::default() }
    }

    /// Plan a computer's turn for a room of `address`, waiting for a free planner.
    pub async fn plan(&self, address: IpAddr, level: Level, seed: u64, game: Game) -> Vec<Action> {
        self.run(address, move || Bot::new(level, seed).plan(&game)).await.unwrap_or_default()
    }

    /// Run blocking work as a planner of `address` (None if the work panicked).
    pub async fn run<T: Send + 'static>(
        &self,
        address: IpAddr,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let mine = self
            .per_address
            .lock()
            .expect("planners")
            .entry(address)
            .or_insert_with(|| Arc::new(Semaphore::new(self.share)))
            .clone();
        let result = {
            let _own = mine.acquire().await.ok()?;
            let _any = self.all.acquire().await.ok()?;
            tokio::task::spawn_blocking(work).await.ok()
        };
        // The address's entry goes when nobody of it waits or plans.
        let mut map = self.per_address.lock().expect("planners");
        if Arc::strong_count(&mine) == 2 {
            map.remove(&address);
        }
        result
    }

    /// How many addresses have plans waiting or running.
    pub fn addresses(&self) -> usize {
        self.per_address.lock().expect("planners").len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// At most `threads` at once, at most half of them for one address; another address is
    /// served while the first's queue waits.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn planners_are_bounded_and_shared_fairly() {
        let pool = Arc::new(Planners::new(4));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(Mutex::new(HashMap::<IpAddr, usize>::new()));
        let now = Arc::new(Mutex::new(HashMap::<IpAddr, usize>::new()));
        let (busy, calm): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let mut jobs = Vec::new();
        for i in 0..24 {
            let address = if i % 8 == 7 { calm } else { busy };
            let (pool, running, most, now) = (pool.clone(), running.clone(), most.clone(), now.clone());
            jobs.push(tokio::spawn(async move {
                let started = std::time::Instant::now();
                pool.run(address, move || {
                    let all = running.fetch_add(1, Ordering::SeqCst) + 1;
                    assert!(all <= 4, "{all} planners at once");
                    let mine = {
                        let mut n = now.lock().unwrap();
                        *n.entry(address).or_default() += 1;
                        n[&address]
                    };
                    let mut m = most.lock().unwrap();
                    let e = m.entry(address).or_default();
                    *e = (*e).max(mine);
                    drop(m);
                    std::thread::sleep(Duration::from_millis(30));
                    *now.lock().unwrap().get_mut(&address).unwrap() -= 1;
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
                .unwrap();
                (address, started.elapsed())
            }));
        }
        let mut calm_waits = Vec::new();
        for j in jobs {
            let (address, waited) = j.await.unwrap();
            if address == calm {
                calm_waits.push(waited);
            }
        }
        let most = most.lock().unwrap();
        assert_eq!(most[&busy], 2, "the busy address holds at most half of 4 planners");
        assert!(most[&calm] <= 2);
        // 21 jobs of the busy address take 11 rounds of 30 ms on its two planners; the calm
        // address's jobs never wait for that queue.
        assert!(calm_waits.iter().all(|w| *w < Duration::from_millis(200)), "{calm_waits:?}");
        assert_eq!(pool.addresses(), 0, "entries go when their work is done");
    }
}
