//! A page of the tool's over HTTP on 127.0.0.1 (`play --serve`, `edit`),
//! served with hyper on a one-thread tokio runtime, so that a slow or idle
//! client never holds up another. (Behind the `serve` feature, which the
//! command line turns on.) One server, two sites: [`PlaySite`] (the play
//! page and its game ids) and the editor's, which the command line
//! holds (it reads and writes the file); each a [`Site`].
//!
//! No other web page may use the server ([`Guard`]): every request must
//! show the token the server was started with (`?token=…` in the address
//! printed, as Jupyter's is), name the server as its `Host` (a DNS
//! rebinding names another), and come from no other site (`Origin`,
//! `Sec-Fetch-Site`: a form another page posts); else 403.
//!
//! Bounds (see docs/robustness.md, "Serving a page"): at most
//! [`MAX_CONNECTIONS`] connections at once (a further one waits in the
//! kernel's queue until one ends); each must send its request's headers
//! within [`HEADER_TIMEOUT`], at most [`MAX_REQUEST_BYTES`] of them, and is
//! closed after one answer or [`CONNECTION_TIMEOUT`], whichever is first.
//! A body is read only for POST, only with a `Content-Length` of at most
//! [`MAX_BODY_BYTES`] (a larger one is refused unread, 413).

use std::collections::VecDeque;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{
    ALLOW, CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, HOST, HeaderValue, ORIGIN,
};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::family::Families;
use crate::generate::GenerateError;
use crate::play::{self, GameId};

/// Why the server stopped or could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The runtime could not be made: why, the source.
    #[error("cannot start the server: {0}")]
    Start(#[source] io::Error),
    /// No randomness for the token: getrandom's error (no source: it is
    /// a `std` error only with a feature of getrandom the crate leaves
    /// off).
    #[error("cannot make the server's token: {0}")]
    Token(getrandom::Error),
    /// The port is taken.
    #[error("cannot listen on 127.0.0.1:{0}: the port is in use")]
    PortInUse(u16),
    /// The port cannot be listened on.
    #[error("cannot listen on 127.0.0.1:{port}: {error}")]
    Listen {
        /// The port asked for.
        port: u16,
        /// Why not, the source.
        #[source]
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
/// The most bytes of a request's body: a design of the largest maze the
/// editor takes, as JSON, with room to spare.
pub const MAX_BODY_BYTES: usize = 4 << 20;
/// Mazes made for game ids and kept.
pub const CACHED_MAZES: usize = 16;

/// One request, past the guard.
pub struct Asked {
    /// GET, HEAD or POST.
    pub method: Method,
    /// The path, as `/maze`.
    pub path: String,
    /// The query, without the token's field.
    pub query: String,
    /// The body of a POST (at most [`MAX_BODY_BYTES`]); empty otherwise.
    pub body: Bytes,
}

/// An answer: its status, its body and the body's type.
pub struct Answer {
    /// The status.
    pub status: StatusCode,
    /// The body.
    pub body: Bytes,
    /// Its `Content-Type`.
    pub kind: &'static str,
}

impl Answer {
    /// The type of plain text.
    pub const TEXT: &'static str = "text/plain; charset=utf-8";
    /// The type of JSON.
    pub const JSON: &'static str = "application/json";
    /// The type of a page.
    pub const HTML: &'static str = "text/html; charset=utf-8";

    /// Plain text.
    pub fn text(status: StatusCode, text: impl Into<String>) -> Answer {
        Answer {
            status,
            body: Bytes::from(text.into()),
            kind: Answer::TEXT,
        }
    }

    /// JSON.
    pub fn json(status: StatusCode, json: impl Into<Bytes>) -> Answer {
        Answer {
            status,
            body: json.into(),
            kind: Answer::JSON,
        }
    }

    /// `{"error": message}`, with `status`.
    pub fn refusal(status: StatusCode, message: impl Into<String>) -> Answer {
        let body = serde_json::json!({ "error": message.into() }).to_string();
        Answer::json(status, body)
    }

    /// A page.
    pub fn page(page: Bytes) -> Answer {
        Answer {
            status: StatusCode::OK,
            body: page,
            kind: Answer::HTML,
        }
    }

    /// 404 for a path the site does not serve.
    pub fn not_found() -> Answer {
        Answer::text(
            StatusCode::NOT_FOUND,
            "not found: the page is at / (with its token)\n",
        )
    }
}

/// An answer on its way.
pub type AnswerFuture<'a> = Pin<Box<dyn Future<Output = Answer> + Send + 'a>>;

/// What a server serves: its answers to requests that passed the guard.
pub trait Site: Send + Sync + 'static {
    /// The methods it answers (besides HEAD for GET): the others get 405.
    fn methods(&self) -> &'static [Method];

    /// The answer to `asked`.
    fn answer(&self, asked: Asked) -> AnswerFuture<'_>;
}

/// The checks every request passes before its site sees it: the token,
/// the `Host` and where it comes from.
///
/// ```
/// use logicmaze::play::serve::Guard;
/// let guard = Guard::new("0123abcd".into(), 8000);
/// assert!(guard.pass("token=0123abcd", Some("127.0.0.1:8000"), None, None).is_ok());
/// assert!(guard.pass("token=0123abce", Some("127.0.0.1:8000"), None, None).is_err());
/// assert!(guard.pass("token=0123abcd", Some("attacker.example"), None, None).is_err());
/// assert!(guard.pass("token=0123abcd", Some("localhost:8000"), Some("https://attacker.example"), None).is_err());
/// assert!(guard.pass("token=0123abcd", Some("localhost:8000"), Some("http://localhost:8000"), Some("same-origin")).is_ok());
/// ```
pub struct Guard {
    token: String,
    hosts: [String; 2],
}

impl Guard {
    /// The guard of a server on 127.0.0.1:`port` started with `token`.
    pub fn new(token: String, port: u16) -> Guard {
        Guard {
            token,
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
        }
    }

    /// Whether a request passes: its query (which must hold `token=`),
    /// its `Host`, and its `Origin` and `Sec-Fetch-Site` if it has them.
    /// Err says why not.
    ///
    /// # Errors
    ///
    /// A sentence for the refused client, for the first check that fails:
    /// a `Host` that is not this server's; an `Origin` or a
    /// `Sec-Fetch-Site` of another site; no token, or the wrong one.
    pub fn pass(
        &self,
        query: &str,
        host: Option<&str>,
        origin: Option<&str>,
        fetch_site: Option<&str>,
    ) -> Result<(), &'static str> {
        if !host.is_some_and(|host| self.hosts.iter().any(|h| h == host)) {
            return Err("this server answers for 127.0.0.1 alone");
        }
        let ours = |origin: &str| {
            origin
                .strip_prefix("http://")
                .is_some_and(|rest| self.hosts.iter().any(|h| h == rest))
        };
        if origin.is_some_and(|origin| !ours(origin))
            || fetch_site.is_some_and(|site| site != "same-origin" && site != "none")
        {
            return Err("another site's page may not use this server");
        }
        let shown = form_urlencoded::parse(query.as_bytes())
            .find(|(key, _)| key == "token")
            .map(|(_, value)| value.into_owned());
        match shown {
            Some(token) if same(token.as_bytes(), self.token.as_bytes()) => Ok(()),
            _ => Err("open the address the command printed, with its token"),
        }
    }
}

/// `a == b`, in a time that does not tell how much of them agrees.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

/// A new token: 128 bits of the system's randomness, in hex.
///
/// # Errors
///
/// [`ServeError::Token`] when the system gives no randomness.
pub fn token() -> Result<String, ServeError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(ServeError::Token)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Serves `site` on 127.0.0.1:`port` until the process is stopped (`port`
/// 0: any free port), telling `listening` the page's address, token
/// included, once it listens.
///
/// # Errors
///
/// Only before it listens: [`ServeError::Start`] when the runtime cannot
/// be made; [`ServeError::Token`] when there is no randomness for the
/// token; [`ServeError::PortInUse`] when another program has the port;
/// [`ServeError::Listen`] when it cannot be listened on for another
/// reason. Once it listens it serves for good: a client's failure ends
/// only that client's connection.
pub fn serve<S: Site>(
    site: S,
    port: u16,
    listening: impl FnOnce(String),
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .map_err(ServeError::Start)?;
    let token = token()?;
    runtime.block_on(run(Arc::new(site), token, port, listening))
}

async fn run<S: Site>(
    site: Arc<S>,
    token: String,
    port: u16,
    listening: impl FnOnce(String),
) -> Result<(), ServeError> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .await
        .map_err(|error| match error.kind() {
            io::ErrorKind::AddrInUse => ServeError::PortInUse(port),
            _ => ServeError::Listen { port, error },
        })?;
    let address: SocketAddr = listener
        .local_addr()
        .map_err(|error| ServeError::Listen { port, error })?;
    let guard = Arc::new(Guard::new(token.clone(), address.port()));
    listening(format!("http://{address}/?token={token}"));
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
        // An answer goes out whole at once: Nagle's algorithm held its
        // last segment back for the client's acknowledgement.
        let _ = stream.set_nodelay(true);
        let (site, guard) = (site.clone(), guard.clone());
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(MAX_REQUEST_BYTES)
                .keep_alive(false)
                .serve_connection(
                    TokioIo::new(stream),
                    hyper::service::service_fn(move |request| {
                        answer(request, site.clone(), guard.clone())
                    }),
                );
            // Errors (a client that went away, timed out or sent garbage)
            // concern that client alone.
            let _ = tokio::time::timeout(CONNECTION_TIMEOUT, connection).await;
            drop(slot);
        });
    }
}

/// The answer to one request: 403 past the guard, 405 for a method the
/// site does not answer, 411 or 413 for a body not read, else the site's.
async fn answer<S: Site>(
    request: Request<Incoming>,
    site: Arc<S>,
    guard: Arc<Guard>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let method = request.method().clone();
    let allowed = site.methods();
    let answered = match admitted(&request, &guard, allowed) {
        Err(refused) => refused,
        Ok(()) => {
            let path = request.uri().path().to_string();
            let query = without_token(request.uri().query().unwrap_or(""));
            match body_of(request).await {
                Ok(body) => {
                    let method = method.clone();
                    site.answer(Asked {
                        method,
                        path,
                        query,
                        body,
                    })
                    .await
                }
                Err(refused) => refused,
            }
        }
    };
    Ok(response(answered, &method, allowed))
}

/// A request's header, if it is text.
fn header<'r>(request: &'r Request<Incoming>, name: &str) -> Option<&'r str> {
    request
        .headers()
        .get(name)
        .and_then(|value| value.to_str().ok())
}

/// Whether `request` may be answered: past the guard (else 403), with a
/// method the site answers (else 405).
fn admitted(request: &Request<Incoming>, guard: &Guard, allowed: &[Method]) -> Result<(), Answer> {
    let passed = guard.pass(
        request.uri().query().unwrap_or(""),
        header(request, HOST.as_str()),
        header(request, ORIGIN.as_str()),
        header(request, "sec-fetch-site"),
    );
    if let Err(why) = passed {
        return Err(Answer::text(StatusCode::FORBIDDEN, format!("{why}\n")));
    }
    let method = request.method();
    if !(allowed.contains(method) || method == Method::HEAD && allowed.contains(&Method::GET)) {
        return Err(Answer::text(
            StatusCode::METHOD_NOT_ALLOWED,
            "method not served\n",
        ));
    }
    Ok(())
}

/// The body of a POST, read only when its `Content-Length` says it holds
/// at most [`MAX_BODY_BYTES`] (else 411 or 413, unread); none for another
/// method.
async fn body_of(request: Request<Incoming>) -> Result<Bytes, Answer> {
    if request.method() != Method::POST {
        return Ok(Bytes::new());
    }
    match header(&request, CONTENT_LENGTH.as_str()).map(str::parse::<usize>) {
        None => Err(Answer::text(
            StatusCode::LENGTH_REQUIRED,
            "a body must say its length\n",
        )),
        Some(Ok(length)) if length <= MAX_BODY_BYTES => {
            Limited::new(request.into_body(), MAX_BODY_BYTES)
                .collect()
                .await
                .map(|body| body.to_bytes())
                .map_err(|_| Answer::text(StatusCode::BAD_REQUEST, "the body did not come whole\n"))
        }
        Some(_) => Err(Answer::text(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a body may hold at most {MAX_BODY_BYTES} bytes\n"),
        )),
    }
}

/// `query` without its `token` field: the site never sees the token.
fn without_token(query: &str) -> String {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(form_urlencoded::parse(query.as_bytes()).filter(|(key, _)| key != "token"))
        .finish()
}

/// The response that says `answered` to a `method` request, of a site
/// that answers the `allowed` methods: no body to HEAD, never cached.
fn response(answered: Answer, method: &Method, allowed: &[Method]) -> Response<Full<Bytes>> {
    let body = match *method == Method::HEAD {
        true => Bytes::new(),
        false => answered.body,
    };
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = answered.status;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(answered.kind));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if answered.status == StatusCode::METHOD_NOT_ALLOWED {
        let allow = match allowed.contains(&Method::POST) {
            true => "GET, HEAD, POST",
            false => "GET, HEAD",
        };
        headers.insert(ALLOW, HeaderValue::from_static(allow));
    }
    response
}

/// The play page's site (`play --serve`): the page at `/`, and its one
/// question, `/maze?id=GAME_ID`, answered with the maze the game id names
/// ([`GameId`], at most 24×24) as JSON; every other path is
/// 404. Mazes are made one at a time, off the thread that answers, and
/// the last [`CACHED_MAZES`] are kept, so the same id gives the same bytes
/// at once.
pub struct PlaySite {
    families: Families,
    page: Bytes,
    /// One maze is made at a time: making one takes a core for seconds.
    maker: Arc<Semaphore>,
    made: Mutex<VecDeque<(String, Bytes)>>,
}

impl PlaySite {
    /// The site of `page` (a page [`play::served`] wrote), which makes
    /// mazes of `families`.
    pub fn new(families: Families, page: String) -> PlaySite {
        PlaySite {
            families,
            page: Bytes::from(page),
            maker: Arc::new(Semaphore::new(1)),
            made: Mutex::new(VecDeque::new()),
        }
    }
}

impl Site for PlaySite {
    fn methods(&self) -> &'static [Method] {
        &[Method::GET]
    }

    fn answer(&self, asked: Asked) -> AnswerFuture<'_> {
        Box::pin(async move {
            match asked.path.as_str() {
                "/" | "/index.html" => Answer::page(self.page.clone()),
                "/maze" => self.maze(&asked.query).await,
                _ => Answer::not_found(),
            }
        })
    }
}

impl PlaySite {
    /// The answer to `/maze?id=GAME_ID`: the maze's entry for the page, or
    /// `{"error": ...}` with 400 (not a game id the server makes) or 422
    /// (the generator gave up).
    async fn maze(&self, query: &str) -> Answer {
        let Some((_, id)) = form_urlencoded::parse(query.as_bytes()).find(|(key, _)| key == "id")
        else {
            return Answer::refusal(
                StatusCode::BAD_REQUEST,
                format!(
                    "ask for a maze with /maze?id=GAME_ID, as /maze?id={}",
                    GameId::example(self.families).replace('#', "%23")
                ),
            );
        };
        let id = match GameId::of(self.families, &id) {
            Ok(id) => id,
            Err(error) => return Answer::refusal(StatusCode::BAD_REQUEST, error.to_string()),
        };
        let key = id.to_string();
        let cached = |site: &PlaySite| {
            let made = site.made.lock().unwrap_or_else(|e| e.into_inner());
            made.iter()
                .find(|(k, _)| *k == key)
                .map(|(_, body)| body.clone())
        };
        if let Some(body) = cached(self) {
            return Answer::json(StatusCode::OK, body);
        }
        let Ok(turn) = self.maker.clone().acquire_owned().await else {
            return Answer::refusal(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
        };
        // Asked for while another request made it.
        if let Some(body) = cached(self) {
            return Answer::json(StatusCode::OK, body);
        }
        // The turn goes with the work: a client that leaves while its maze
        // is made does not let the next maze start beside it.
        let made = tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let maze = id.generate().map_err(|error| match error {
                // The generator's advice (a shorter minimum length) means
                // nothing on the page: say what the form can change.
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
                let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
                if made.len() == CACHED_MAZES {
                    made.pop_front();
                }
                made.push_back((key, body.clone()));
                Answer::json(StatusCode::OK, body)
            }
            Ok(Err(message)) => Answer::refusal(StatusCode::UNPROCESSABLE_ENTITY, message),
            Err(error) => Answer::refusal(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()),
        }
    }
}
