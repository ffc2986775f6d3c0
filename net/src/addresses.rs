//! This machine's addresses, for the host screen ("join me at …"). Read
//! from the network interfaces; nothing is sent.

use std::net::IpAddr;

/// The IPv4 and IPv6 addresses of the interfaces that are up, loopback and
/// link-local IPv6 left out, IPv4 first. Empty where they cannot be read.
pub fn local_addresses() -> Vec<IpAddr> {
    let mut addresses = interface_addresses();
    addresses.retain(|ip| match ip {
        IpAddr::V4(v4) => !v4.is_loopback() && !v4.is_unspecified(),
        // fe80::/10 needs a scope id to be joined: not useful to show.
        IpAddr::V6(v6) => {
            !v6.is_loopback() && !v6.is_unspecified() && (v6.segments()[0] & 0xffc0) != 0xfe80
        }
    });
    addresses.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    addresses.dedup();
    addresses
}

#[cfg(unix)]
fn interface_addresses() -> Vec<IpAddr> {
    use std::net::{Ipv4Addr, Ipv6Addr};
    let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs fills `list` with a linked list that we only read
    // and hand back to freeifaddrs exactly once.
    if unsafe { libc::getifaddrs(&mut list) } != 0 {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut entry = list;
    while !entry.is_null() {
        // SAFETY: `entry` is a node of the list getifaddrs returned.
        let ifa = unsafe { &*entry };
        entry = ifa.ifa_next;
        let up = ifa.ifa_flags & libc::IFF_UP as libc::c_uint != 0;
        if !up || ifa.ifa_addr.is_null() {
            continue;
        }
        // SAFETY: ifa_addr points to a sockaddr whose family says which
        // sockaddr_* it is.
        unsafe {
            match (*ifa.ifa_addr).sa_family as libc::c_int {
                libc::AF_INET => {
                    let sin = &*(ifa.ifa_addr as *const libc::sockaddr_in);
                    found.push(IpAddr::V4(Ipv4Addr::from(u32::from_be(
                        sin.sin_addr.s_addr,
                    ))));
                }
                libc::AF_INET6 => {
                    let sin6 = &*(ifa.ifa_addr as *const libc::sockaddr_in6);
                    found.push(IpAddr::V6(Ipv6Addr::from(sin6.sin6_addr.s6_addr)));
                }
                _ => {}
            }
        }
    }
    // SAFETY: `list` came from getifaddrs above.
    unsafe { libc::freeifaddrs(list) };
    found
}

#[cfg(not(unix))]
fn interface_addresses() -> Vec<IpAddr> {
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_is_read_but_not_listed() {
        let all = interface_addresses();
        assert!(
            all.iter().any(|ip| ip.is_loopback()),
            "the loopback interface is up on every test machine: {all:?}"
        );
        assert!(local_addresses().iter().all(|ip| !ip.is_loopback()));
    }
}
