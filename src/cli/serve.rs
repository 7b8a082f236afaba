//! `play --serve`: the page over HTTP on 127.0.0.1, served with hyper on a
//! one-thread tokio runtime, so that a slow or idle client never holds up
//! another.
//!
//! Bounds (see docs/robustness.md, "Serving a page"): at most
//! [`MAX_CONNECTIONS`] connections at once (a further one waits in the
//! kernel's queue until one ends); each must send its request's headers
//! within [`HEADER_TIMEOUT`], at most [`MAX_REQUEST_BYTES`] of them, and is
//! closed after one answer or [`CONNECTION_TIMEOUT`], whichever is first.
//! Only `/` (and `/index.html`) is served, to GET and HEAD; every other
//! path is 404, every other method 405. Request bodies are never read.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderValue, ALLOW, CACHE_CONTROL, CONTENT_TYPE};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Connections served at once.
pub const MAX_CONNECTIONS: usize = 64;
/// A client has this long to send its request's headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// A connection is closed after this long, answered or not.
pub const CONNECTION_TIMEOUT: Duration = Duration::from_secs(30);
/// The most bytes of request headers read (hyper's smallest buffer).
pub const MAX_REQUEST_BYTES: usize = 8192;

/// Serves `page` on 127.0.0.1:`port` until the process is stopped, telling
/// on stderr where (`port` 0: any free port).
pub fn serve(page: String, port: u16) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(run(Bytes::from(page), port))
}

async fn run(page: Bytes, port: u16) -> Result<(), String> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .await
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AddrInUse => format!(
                "cannot listen on 127.0.0.1:{port}: the port is in use (--port 0 picks a free one)"
            ),
            _ => format!("cannot listen on 127.0.0.1:{port}: {e}"),
        })?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    super::say::text(&format!(
        "Serving the maze at http://{address}/ (Ctrl-C to stop)\n"
    ));
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let slot = slots
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| e.to_string())?;
        // A failed accept (a client gone already, no file descriptors left
        // for a moment) ends that connection, not the server.
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let page = page.clone();
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(MAX_REQUEST_BYTES)
                .keep_alive(false)
                .serve_connection(
                    TokioIo::new(stream),
                    hyper::service::service_fn(move |request| answer(request, page.clone())),
                );
            // Errors (a client that went away, timed out or sent garbage)
            // concern that client alone.
            let _ = tokio::time::timeout(CONNECTION_TIMEOUT, connection).await;
            drop(slot);
        });
    }
}

/// The answer to one request: the page, 404 or 405.
async fn answer(
    request: Request<Incoming>,
    page: Bytes,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let (status, body, kind) = match (request.method(), request.uri().path()) {
        (&Method::GET | &Method::HEAD, "/" | "/index.html") => {
            (StatusCode::OK, page, "text/html; charset=utf-8")
        }
        (&Method::GET | &Method::HEAD, _) => (
            StatusCode::NOT_FOUND,
            Bytes::from_static(b"not found: the page is at /\n"),
            "text/plain; charset=utf-8",
        ),
        _ => (
            StatusCode::METHOD_NOT_ALLOWED,
            Bytes::from_static(b"only GET and HEAD are served\n"),
            "text/plain; charset=utf-8",
        ),
    };
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if status == StatusCode::METHOD_NOT_ALLOWED {
        headers.insert(ALLOW, HeaderValue::from_static("GET, HEAD"));
    }
    Ok(response)
}
