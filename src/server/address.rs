//! The address a client is counted by (its limits and quotas): the connection's, or behind
//! a trusted proxy the one the proxy names; an IPv6 address counts by its /64.

use axum::http::HeaderMap;
use std::net::IpAddr;

/// The address limits count by: an IPv4 address, or an IPv6 address's /64 (one household
/// or machine usually holds a whole /64, so counting single IPv6 addresses counts nothing).
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
        v4 => v4,
    }
}

/// The client's address: the connection's, or behind a trusted proxy the last entry of
/// `X-Forwarded-For` (earlier entries are whatever the client wrote).
pub(super) fn client_address(peer: IpAddr, headers: &HeaderMap, trust_proxy: bool) -> IpAddr {
    let forwarded = || {
        let all = headers.get_all("x-forwarded-for").into_iter().filter_map(|v| v.to_str().ok());
        all.flat_map(|v| v.split(',')).filter_map(|a| a.trim().parse::<IpAddr>().ok()).next_back()
    };
    address_key(if trust_proxy { forwarded().unwrap_or(peer) } else { peer })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 22, defect 7: an IPv6 /64 counts as one address, an IPv4-mapped one as its
    /// IPv4, and `X-Forwarded-For` is read only behind a trusted proxy, by its last entry.
    #[test]
    fn addresses_are_counted_by_ipv4_or_ipv6_64_and_the_proxy_header_only_when_trusted() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(address_key(ip("2001:db8:1:2:aaaa::1")), address_key(ip("2001:db8:1:2:bbbb::9")));
        assert_ne!(address_key(ip("2001:db8:1:2::1")), address_key(ip("2001:db8:1:3::1")));
        assert_eq!(address_key(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(address_key(ip("192.0.2.7")), ip("192.0.2.7"));
        let mut h = HeaderMap::new();
        h.append("x-forwarded-for", "203.0.113.9, 198.51.100.4".parse().unwrap());
        h.append("x-forwarded-for", "bogus, 198.51.100.5".parse().unwrap());
        assert_eq!(client_address(ip("127.0.0.1"), &h, true), ip("198.51.100.5"));
        assert_eq!(client_address(ip("127.0.0.1"), &h, false), ip("127.0.0.1"));
        assert_eq!(client_address(ip("127.0.0.1"), &HeaderMap::new(), true), ip("127.0.0.1"));
    }
}
