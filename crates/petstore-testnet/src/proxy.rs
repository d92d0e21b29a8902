//! An HTTP CONNECT proxy for tests: counts tunnels, checks Basic credentials, records every
//! byte it relayed (both ways), and resolves test names itself.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The most a CONNECT request's head may take.
const MAX_HEAD: usize = 16 * 1024;

/// What the proxy did and saw so far.
#[derive(Debug, Default, Clone)]
pub struct ProxyStats {
    /// Tunnels opened (CONNECT answered 200).
    pub tunnels: usize,
    /// CONNECTs answered 407 (no or wrong credentials).
    pub refused: usize,
    /// The `host:port` of every CONNECT, in order.
    pub targets: Vec<String>,
    /// Every byte received and sent, request heads included.
    pub seen: Vec<u8>,
}

impl ProxyStats {
    /// Whether `needle` appears anywhere in what the proxy saw.
    pub fn saw(&self, needle: &[u8]) -> bool {
        !needle.is_empty() && self.seen.windows(needle.len()).any(|w| w == needle)
    }
}

/// The proxy; lives until the test process ends.
#[derive(Debug, Clone)]
pub struct ConnectProxy {
    addr: SocketAddr,
    stats: Arc<Mutex<ProxyStats>>,
}

#[derive(Debug, Clone)]
struct Setup {
    /// `Basic <base64(user:password)>`, when credentials are required.
    expected_auth: Option<String>,
    /// Names the proxy resolves itself (the test API's name → its TLS front).
    hosts: HashMap<String, SocketAddr>,
}

impl ConnectProxy {
    /// A proxy that asks for `credentials` (user, password) when given, and sends CONNECTs for
    /// the names in `hosts` to those addresses (others are resolved as usual).
    pub fn start(
        credentials: Option<(&str, &str)>,
        hosts: impl IntoIterator<Item = (String, SocketAddr)>,
    ) -> ConnectProxy {
        let setup = Arc::new(Setup {
            expected_auth: credentials.map(|(user, pass)| {
                format!(
                    "Basic {}",
                    crate::base64(format!("{user}:{pass}").as_bytes())
                )
            }),
            hosts: hosts.into_iter().collect(),
        });
        let stats = Arc::new(Mutex::new(ProxyStats::default()));
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        listener.set_nonblocking(true).expect("non-blocking");
        let addr = listener.local_addr().expect("an address");
        let shared = stats.clone();
        crate::spawn_server("connect-proxy", async move {
            let listener = TcpListener::from_std(listener).expect("a tokio listener");
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                tokio::spawn(serve(stream, setup.clone(), shared.clone()));
            }
        });
        ConnectProxy { addr, stats }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn stats(&self) -> ProxyStats {
        self.stats.lock().expect("the stats lock").clone()
    }
}

async fn serve(mut client: TcpStream, setup: Arc<Setup>, stats: Arc<Mutex<ProxyStats>>) {
    let Some(head) = read_head(&mut client).await else {
        return;
    };
    record(&stats, &head);
    let text = String::from_utf8_lossy(&head).into_owned();
    let mut lines = text.split("\r\n");
    let request_line = lines.next().unwrap_or_default();
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    if method != "CONNECT" {
        let _ = client
            .write_all(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            .await;
        return;
    }
    let given_auth = lines.find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim()
            .eq_ignore_ascii_case("proxy-authorization")
            .then(|| value.trim().to_owned())
    });
    if let Some(expected) = &setup.expected_auth
        && given_auth.as_deref() != Some(expected.as_str())
    {
        stats.lock().expect("the stats lock").refused += 1;
        let _ = client
            .write_all(b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test proxy\"\r\nContent-Length: 0\r\n\r\n")
            .await;
        return;
    }
    let upstream = match resolve(&setup, target) {
        Some(addr) => TcpStream::connect(addr).await,
        None => TcpStream::connect(target).await,
    };
    let Ok(mut upstream) = upstream else {
        let _ = client
            .write_all(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            .await;
        return;
    };
    {
        let mut stats = stats.lock().expect("the stats lock");
        stats.tunnels += 1;
        stats.targets.push(target.to_owned());
    }
    if client
        .write_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
        .await
        .is_err()
    {
        return;
    }
    relay(client, &mut upstream, stats).await;
}

/// Copies both ways, recording every byte.
async fn relay(mut client: TcpStream, upstream: &mut TcpStream, stats: Arc<Mutex<ProxyStats>>) {
    let (mut client_read, mut client_write) = client.split();
    let (mut up_read, mut up_write) = upstream.split();
    let to_server = async {
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            match client_read.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    record(&stats, &buf[..n]);
                    if up_write.write_all(&buf[..n]).await.is_err() {
                        break;
                    }
                }
            }
        }
        let _ = up_write.shutdown().await;
    };
    let to_client = async {
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            match up_read.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    record(&stats, &buf[..n]);
                    if client_write.write_all(&buf[..n]).await.is_err() {
                        break;
                    }
                }
            }
        }
        let _ = client_write.shutdown().await;
    };
    tokio::join!(to_server, to_client);
}

fn record(stats: &Mutex<ProxyStats>, bytes: &[u8]) {
    stats
        .lock()
        .expect("the stats lock")
        .seen
        .extend_from_slice(bytes);
}

fn resolve(setup: &Setup, target: &str) -> Option<SocketAddr> {
    let (host, port) = target.rsplit_once(':')?;
    let mut addr = *setup.hosts.get(host)?;
    if addr.port() == 0 {
        addr.set_port(port.parse().ok()?);
    }
    Some(addr)
}

/// The request head, up to and including the blank line (bounded); `None` if the client left
/// or sent more than [`MAX_HEAD`] without one.
async fn read_head(stream: &mut TcpStream) -> Option<Vec<u8>> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while head.len() < MAX_HEAD {
        if stream.read(&mut byte).await.ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
        if head.ends_with(b"\r\n\r\n") {
            return Some(head);
        }
    }
    None
}
