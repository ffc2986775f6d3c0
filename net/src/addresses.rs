//! Addresses: this machine's, for the host screen ("join me at …"), read
//! from the network interfaces (nothing is sent); and the addresses a
//! player types to host or to join, read the same way by the game and the
//! terminal client.

use std::net::{IpAddr, SocketAddr, ToSocketAddrs};

/// The TCP port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;

/// Where to listen: `7878` is that port on every interface, `ADDR:PORT` as
/// given.
pub fn host_address(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    if let Ok(port) = text.parse::<u16>() {
        return Ok(SocketAddr::from(([0, 0, 0, 0], port)));
    }
    text.parse()
        .map_err(|_| format!("needs PORT or ADDR:PORT like 127.0.0.1:7878, not '{text}'"))
}

/// Where to join: `192.168.1.5`, `192.168.1.5:7878`, `[fe80::1]:7878`,
/// `host.lan` or `host.lan:7878`; the port defaults to [`DEFAULT_PORT`].
/// A name is looked up here (it may wait for the resolver).
pub fn join_address(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, DEFAULT_PORT));
    }
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    if text.is_empty() {
        return Err("no address given".into());
    }
    let with_port = if text.contains(':') {
        text.to_string()
    } else {
        format!("{text}:{DEFAULT_PORT}")
    };
    with_port
        .to_socket_addrs()
        .map_err(|e| format!("{text}: {e}"))?
        .next()
        .ok_or_else(|| format!("{text}: no such address"))
}

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

    #[test]
    fn typed_addresses_take_the_default_port_when_it_is_left_out() {
        let at = |text: &str| join_address(text).unwrap().to_string();
        assert_eq!(at(" 192.168.1.5 "), "192.168.1.5:7878");
        assert_eq!(at("192.168.1.5:9000"), "192.168.1.5:9000");
        assert_eq!(at("::1"), "[::1]:7878");
        assert_eq!(at("[::1]:9000"), "[::1]:9000");
        assert_eq!(join_address("localhost").unwrap().port(), DEFAULT_PORT);
        assert!(join_address("").is_err());
        assert!(join_address("192.168.1.5:99999").is_err());
        assert_eq!(host_address("7878").unwrap().to_string(), "0.0.0.0:7878");
        assert_eq!(
            host_address("127.0.0.1:0").unwrap().to_string(),
            "127.0.0.1:0"
        );
        assert!(host_address("seven").is_err());
    }
}
