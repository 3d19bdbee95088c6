//! One small sort for every list the game orders. The standard library's sorts are fast,
//! but each use compiles several kilobytes of code for its element type: the page's
//! WebAssembly carried about twenty of them (≈ 100 KB before wasm-opt). The lists sorted
//! here are short (a feature's nodes, a turn's colours, a card's squares) or sorted
//! rarely (the computers' plans once a decision, the level table once), so insertion sort
//! and, past a few elements, heapsort do as well in a few hundred bytes each.
//!
//! Like `sort_unstable`, equal elements may come out in any order: every caller orders by
//! a key that tells apart the elements it sorts, so the result is the same as before.

/// Sorts `v` so that no element is `less` than one before it.
pub fn sort_by<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    let n = v.len();
    if n <= 16 {
        for i in 1..n {
            let mut j = i;
            while j > 0 && less(&v[j], &v[j - 1]) {
                v.swap(j, j - 1);
                j -= 1;
            }
        }
        return;
    }
    // Heapsort: a heap with the greatest at the root, which is then swapped to the end.
    let mut sift = |v: &mut [T], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            break;
        }
        if child + 1 < end && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[root], &v[child]) {
            break;
        }
        v.swap(root, child);
        root = child;
    };
    for i in (0..n / 2).rev() {
        sift(v, i, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift(v, 0, end);
    }
}

/// Sorts `v` in ascending order.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, |a, b| a < b);
}

/// Sorts `v` by ascending `key`.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a) < key(b));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    #[test]
    fn sorts_as_the_standard_library_does_short_and_long() {
        let mut rng = Rng::new(7);
        for n in [0usize, 1, 2, 3, 15, 16, 17, 40, 300, 4000] {
            let v: Vec<u32> = (0..n).map(|_| rng.below(50) as u32).collect();
            let (mut ours, mut std) = (v.clone(), v);
            sort(&mut ours);
            std.sort_unstable();
            assert_eq!(ours, std, "{n} elements");
        }
        let mut pairs = vec![(3, 'c'), (1, 'a'), (2, 'b'), (1, 'z')];
        sort_by_key(&mut pairs, |&(k, c)| (std::cmp::Reverse(k), c));
        assert_eq!(pairs, vec![(3, 'c'), (2, 'b'), (1, 'a'), (1, 'z')]);
    }
}
