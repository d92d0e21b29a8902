//! The accept loop. It serves each connection with hyper directly (not `axum::serve`) so a response marked
//! [`DropConnection`] can end its connection without a single byte of answer, and so shutdown can be graceful.

use std::time::Duration;

use axum::Router;
use axum::http::Request;
use axum::response::Response;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tower::ServiceExt;

use crate::gate::{DropConnection, PeerAddr};
use crate::host::LocalAddr;

/// How long in-flight requests get to finish after shutdown is asked for.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(2);

/// The error a connection's service returns on purpose, so hyper closes it without answering.
#[derive(Debug, thiserror::Error)]
#[error("connection dropped by fault injection")]
struct Dropped;

pub(crate) async fn serve(listener: TcpListener, app: Router, mut stop: oneshot::Receiver<()>) {
    let graceful = GracefulShutdown::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = &mut stop => break,
        };
        let (stream, peer) = match accepted {
            Ok(pair) => pair,
            Err(_) => {
                // Accept errors are per connection (reset before accept) or transient (out of file
                // descriptors): back off a moment instead of spinning or giving up.
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // Where the client reached us: the Host check accepts this address by its number.
        let local = stream.local_addr().ok().map(LocalAddr);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut req: Request<Incoming>| {
            req.extensions_mut().insert(PeerAddr(peer));
            if let Some(local) = local {
                req.extensions_mut().insert(local);
            }
            let app = app.clone();
            async move {
                let response: Response = match app.oneshot(req).await {
                    Ok(response) => response,
                    Err(never) => match never {},
                };
                if response.extensions().get::<DropConnection>().is_some() {
                    return Err(Dropped);
                }
                Ok::<_, Dropped>(response)
            }
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A connection ending in an error (a drop on purpose, a client gone) concerns nobody else.
            let _ = connection.await;
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(DRAIN_TIMEOUT, graceful.shutdown()).await;
}
