//! The play page over HTTP on 127.0.0.1 (`play --serve`), served with
//! hyper on a one-thread tokio runtime, so that a slow or idle client never
//! holds up another. (Behind the `serve` feature, which the command line
//! turns on.)
//!
//! Bounds (see docs/robustness.md, "Serving a page"): at most
//! [`MAX_CONNECTIONS`] connections at once (a further one waits in the
//! kernel's queue until one ends); each must send its request's headers
//! within [`HEADER_TIMEOUT`], at most [`MAX_REQUEST_BYTES`] of them, and is
//! closed after one answer or [`CONNECTION_TIMEOUT`], whichever is first.
//! Only `/` (and `/index.html`) is served, to GET and HEAD, and the page's
//! one question, `/maze?id=GAME_ID`, answered with the maze the game id
//! names ([`crate::play::GameId`], at most 24×24) as JSON; every other path
//! is 404, every other method 405. Request bodies are never read. Mazes are
//! made one at a time, off the thread that answers, and the last
//! [`CACHED_MAZES`] are kept, so the same id gives the same bytes at once.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{ALLOW, CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::generate::GenerateError;
use crate::play::{self, GameId};

/// Why the server stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The runtime could not be made.
    #[error("cannot start the server: {0}")]
    Start(io::Error),
    /// The port is taken.
    #[error("cannot listen on 127.0.0.1:{0}: the port is in use")]
    PortInUse(u16),
    /// The port cannot be listened on.
    #[error("cannot listen on 127.0.0.1:{port}: {error}")]
    Listen {
        /// The port asked for.
        port: u16,
        /// Why not.
        error: io::Error,
    },
}

/// Connections served at once.
pub const MAX_CONNECTIONS: usize = 64;
/// A client has this long to send its request's headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// A connection is closed after this long, answered or not.
pub const CONNECTION_TIMEOUT: Duration = Duration::from_secs(30);
/// The most bytes of request headers read (hyper's smallest buffer).
pub const MAX_REQUEST_BYTES: usize = 8192;
/// Mazes made for game ids and kept.
pub const CACHED_MAZES: usize = 16;

/// What the server holds: the page, and the mazes made for game ids.
struct Site {
    page: Bytes,
    /// One maze is made at a time: making one takes a core for seconds.
    maker: Arc<Semaphore>,
    made: Mutex<VecDeque<(String, Bytes)>>,
}

/// Serves `page` on 127.0.0.1:`port` until the process is stopped (`port`
/// 0: any free port), telling `listening` the address once it listens.
pub fn serve(
    page: String,
    port: u16,
    listening: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(ServeError::Start)?;
    let site = Site {
        page: Bytes::from(page),
        maker: Arc::new(Semaphore::new(1)),
        made: Mutex::new(VecDeque::new()),
    };
    runtime.block_on(run(Arc::new(site), port, listening))
}

async fn run(
    site: Arc<Site>,
    port: u16,
    listening: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .await
        .map_err(|error| match error.kind() {
            io::ErrorKind::AddrInUse => ServeError::PortInUse(port),
            _ => ServeError::Listen { port, error },
        })?;
    let address = listener
        .local_addr()
        .map_err(|error| ServeError::Listen { port, error })?;
    listening(address);
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        // The semaphore is never closed: a slot always comes.
        let Ok(slot) = slots.clone().acquire_owned().await else {
            continue;
        };
        // A failed accept (a client gone already, no file descriptors left
        // for a moment) ends that connection, not the server.
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let site = site.clone();
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(MAX_REQUEST_BYTES)
                .keep_alive(false)
                .serve_connection(
                    TokioIo::new(stream),
                    hyper::service::service_fn(move |request| answer(request, site.clone())),
                );
            // Errors (a client that went away, timed out or sent garbage)
            // concern that client alone.
            let _ = tokio::time::timeout(CONNECTION_TIMEOUT, connection).await;
            drop(slot);
        });
    }
}

/// The answer to one request: the page, a maze, 404 or 405.
async fn answer(
    request: Request<Incoming>,
    site: Arc<Site>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    const TEXT: &str = "text/plain; charset=utf-8";
    const JSON: &str = "application/json";
    let (status, body, kind) = match (request.method(), request.uri().path()) {
        (&Method::GET | &Method::HEAD, "/" | "/index.html") => (
            StatusCode::OK,
            site.page.clone(),
            "text/html; charset=utf-8",
        ),
        (&Method::GET | &Method::HEAD, "/maze") => {
            let (status, body) = maze(&site, request.uri().query().unwrap_or("")).await;
            (status, body, JSON)
        }
        (&Method::GET | &Method::HEAD, _) => (
            StatusCode::NOT_FOUND,
            Bytes::from_static(b"not found: the page is at /\n"),
            TEXT,
        ),
        _ => (
            StatusCode::METHOD_NOT_ALLOWED,
            Bytes::from_static(b"only GET and HEAD are served\n"),
            TEXT,
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

/// The answer to `/maze?id=GAME_ID`: the maze's entry for the page, or
/// `{"error": ...}` with 400 (not a game id the server makes) or 422 (the
/// generator gave up).
async fn maze(site: &Site, query: &str) -> (StatusCode, Bytes) {
    let refuse = |status, message: String| {
        let body = serde_json::json!({ "error": message }).to_string();
        (status, Bytes::from(body))
    };
    let Some((_, id)) = form_urlencoded::parse(query.as_bytes()).find(|(key, _)| key == "id")
    else {
        return refuse(
            StatusCode::BAD_REQUEST,
            format!(
                "ask for a maze with /maze?id=GAME_ID, as /maze?id={}",
                GameId::example().replace('#', "%23")
            ),
        );
    };
    let id: GameId = match id.parse() {
        Ok(id) => id,
        Err(error) => return refuse(StatusCode::BAD_REQUEST, error.to_string()),
    };
    let key = id.to_string();
    let cached = |site: &Site| {
        let made = site.made.lock().unwrap_or_else(|e| e.into_inner());
        made.iter()
            .find(|(k, _)| *k == key)
            .map(|(_, body)| body.clone())
    };
    if let Some(body) = cached(site) {
        return (StatusCode::OK, body);
    }
    let Ok(turn) = site.maker.clone().acquire_owned().await else {
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".into(),
        );
    };
    // Asked for while another request made it.
    if let Some(body) = cached(site) {
        return (StatusCode::OK, body);
    }
    // The turn goes with the work: a client that leaves while its maze is
    // made does not let the next maze start beside it.
    let made = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        let maze = id.generate().map_err(|error| match error {
            // The generator's advice (a shorter minimum length) means nothing
            // on the page: say what the form can change.
            GenerateError::GaveUp {
                min_length,
                best_moves,
                ..
            } => format!(
                "no {id} maze came out: none of the mazes tried had one shortest route of \
                 {min_length} moves or more (the best had {best_moves}); try another seed \
                 (New maze), an easier difficulty or a larger size"
            ),
            error => format!("{id}: {error}"),
        })?;
        play::game(&maze)
            .map(|game| game.to_string())
            .map_err(|e| e.to_string())
    })
    .await;
    match made {
        Ok(Ok(body)) => {
            let body = Bytes::from(body);
            let mut made = site.made.lock().unwrap_or_else(|e| e.into_inner());
            if made.len() == CACHED_MAZES {
                made.pop_front();
            }
            made.push_back((key, body.clone()));
            (StatusCode::OK, body)
        }
        Ok(Err(message)) => refuse(StatusCode::UNPROCESSABLE_ENTITY, message),
        Err(error) => refuse(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()),
    }
}
