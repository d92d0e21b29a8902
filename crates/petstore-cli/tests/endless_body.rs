//! `petstore list` against a server that streams a body without end. No real service does this
//! and the sandbox cannot, so the server is a mock (a bare socket on 127.0.0.1). The CLI must
//! fail with the too-large message while its memory stays bounded: its peak resident set
//! (VmHWM) is sampled from /proc while it runs.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use support::{KEY, petstore_std};

/// The peak the whole process may reach: far below what buffering an endless body would take.
const PEAK_LIMIT_KIB: u64 = 50 * 1024;
/// Past this the child is stopped at once: the test has failed, and the machine is shared.
const GUARD_KIB: u64 = 256 * 1024;
/// The mock stops after this much (it is "endless" to a client that keeps reading).
const SERVER_MAX_BYTES: u64 = 1024 * 1024 * 1024;

/// Answers every request with 200 and a chunked body of pets that never ends (until the
/// client hangs up, or `SERVER_MAX_BYTES`). Returns the base URL and the bytes sent so far.
fn endless_mock_server() -> (String, Arc<AtomicU64>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let addr = listener.local_addr().expect("address");
    let sent = Arc::new(AtomicU64::new(0));
    let counter = sent.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let counter = counter.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().expect("clone socket"));
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok_and(|n| n > 0) && line != "\r\n" {
                    line.clear();
                }
                let pets = r#"{"id":1,"name":"endless","categoryId":1},"#.repeat(1500);
                let chunk = format!("{:x}\r\n{pets}\r\n", pets.len());
                let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\
                            Transfer-Encoding: chunked\r\n\r\n2\r\n[ \r\n";
                if stream.write_all(head.as_bytes()).is_err() {
                    return;
                }
                while counter.load(Ordering::Relaxed) < SERVER_MAX_BYTES {
                    if stream.write_all(chunk.as_bytes()).is_err() {
                        return;
                    }
                    counter.fetch_add(pets.len() as u64, Ordering::Relaxed);
                }
                let _ = stream.write_all(b"1\r\n]\r\n0\r\n\r\n");
            });
        }
    });
    (format!("http://{addr}/v1"), sent)
}

/// The peak resident set of a running process, from /proc/<pid>/status.
#[cfg(target_os = "linux")]
fn vm_hwm_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Elsewhere (Windows under Wine in `cargo xtask test windows`) there is no /proc: the outcome is
/// checked there, the memory bound on Linux.
#[cfg(not(target_os = "linux"))]
fn vm_hwm_kib(_pid: u32) -> Option<u64> {
    None
}

#[test]
fn list_against_an_endless_body_mock_server_fails_with_a_bounded_peak() {
    let (url, sent) = endless_mock_server();
    let dir = tempfile::tempdir().expect("temp dir");
    let mut cmd = petstore_std(dir.path(), Some(KEY));
    cmd.args(["--base-url", &url, "list"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let started = Instant::now();
    let mut child = cmd.spawn().expect("petstore starts");
    let pid = child.id();
    let mut stderr_pipe = child.stderr.take().expect("piped stderr");
    let stderr_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr_pipe.read_to_string(&mut text);
        text
    });

    let mut peak_kib = 0;
    let mut guard_hit = false;
    let status = loop {
        // Sampled before reaping: afterwards /proc/<pid> is gone.
        if let Some(hwm) = vm_hwm_kib(pid) {
            peak_kib = peak_kib.max(hwm);
        }
        if let Some(status) = child.try_wait().expect("child state") {
            break status;
        }
        if peak_kib > GUARD_KIB || started.elapsed() > Duration::from_secs(120) {
            guard_hit = true;
            let _ = child.kill();
            break child.wait().expect("killed child");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stderr = stderr_reader.join().expect("stderr reader");
    let sent_mib = sent.load(Ordering::Relaxed) / (1024 * 1024);
    println!(
        "petstore list against an endless body: peak VmHWM {} MiB ({peak_kib} KiB), \
         {sent_mib} MiB sent by the mock, {} ms, exit {:?}",
        peak_kib / 1024,
        started.elapsed().as_millis(),
        status.code()
    );
    assert!(
        !guard_hit,
        "stopped at a peak of {peak_kib} KiB after {sent_mib} MiB sent; stderr: {stderr}"
    );
    assert!(
        stderr.contains("too large (more than 8 MiB)"),
        "says the answer is too large, naming the limit: {stderr}"
    );
    assert_eq!(status.code(), Some(6), "a response error; stderr: {stderr}");
    if cfg!(target_os = "linux") {
        assert!(peak_kib > 0, "the peak was measured");
    }
    assert!(
        peak_kib < PEAK_LIMIT_KIB,
        "peak resident set {peak_kib} KiB, over the 50 MiB bound"
    );
}
