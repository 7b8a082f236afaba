//! `logicmaze edit`: serve the editor of one maze of FILE on 127.0.0.1,
//! and write FILE (and nothing else) when the designer saves.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use hyper::{Method, StatusCode};

use crate::Position;
use crate::family::{Family, Maze};
use crate::generate::Locks;
use crate::input::InputFormat;
use crate::play::edit::{self, MAX_SIDE};
use crate::play::serve::{self, Answer, AnswerFuture, Asked, ServeError, Site};

use super::args::MazeArgs;
use super::families::of_run;
use super::inputs::{choose, mazes_in};
use super::say;
use super::status::Outcome;

#[derive(Debug, clap::Args)]
pub struct EditArgs {
    /// The maze file (judges' format or JSON). It may hold several mazes:
    /// the one edited is written back in its place, the others byte for
    /// byte. If it does not exist yet, --family (the new maze's family)
    /// and --rows and --cols make a blank maze, written there on the first
    /// save.
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// Edit the maze of this name (by default the file's first).
    #[arg(long, value_name = "NAME")]
    maze: Option<String>,

    /// A new file's rows.
    #[arg(long, value_name = "R", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=MAX_SIDE as i64))]
    rows: u32,

    /// A new file's columns.
    #[arg(long, value_name = "C", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=MAX_SIDE as i64))]
    cols: u32,

    /// The port to serve on (0: any free port).
    #[arg(long, value_name = "P", default_value_t = 8000)]
    port: u16,

    #[command(flatten)]
    reading: MazeArgs,
}

/// Runs `edit`.
pub fn run(args: &EditArgs) -> Outcome {
    Outcome::of(start(args).and_then(|site| {
        let file = site.file.display().to_string();
        let listening =
            |address: String| say::text(&format!("Editing {file} at {address} (Ctrl-C to stop)\n"));
        serve::serve(site, args.port, listening).map_err(|error| match error {
            ServeError::PortInUse(_) => format!("{error} (--port 0 picks a free one)"),
            error => error.to_string(),
        })?;
        Ok(Outcome::Clean)
    }))
}

/// The editor's site: FILE, as it was last read or written, and the page
/// of its maze.
struct EditSite {
    file: PathBuf,
    /// FILE's name on the page (absolute: it keys the browser's draft).
    shown: String,
    /// The family edited: a design of another is not saved into FILE.
    family: &'static dyn Family,
    reading: MazeArgs,
    kept: Mutex<Kept>,
    /// The designs proved lately, which a page's next edit is sent against.
    recent: std::sync::Arc<edit::Recent>,
}

/// What the editor keeps of FILE: the maze's name there, FILE's bytes as
/// last read or written, and the page of the maze as it is there.
struct Kept {
    name: String,
    bytes: Vec<u8>,
    page: hyper::body::Bytes,
}

/// The version of FILE's bytes a page was made from, which its save sends
/// back: FNV-1a, 64 bits, in hex (a save over other bytes is asked about).
fn version(bytes: &[u8]) -> String {
    format!("{:016x}", crate::hash::fnv1a(0, bytes))
}

/// The site for the maze asked for, read from FILE or made blank.
fn start(args: &EditArgs) -> Result<EditSite, String> {
    let name = args.file.display().to_string();
    let shown = std::path::absolute(&args.file)
        .unwrap_or_else(|_| args.file.clone())
        .display()
        .to_string();
    let (maze, bytes) = if args.file.exists() {
        let bytes = std::fs::read(&args.file).map_err(|e| format!("{name}: {e}"))?;
        let (mazes, _) = mazes_in(&args.file, &args.reading)?;
        let maze = choose(mazes, args.maze.as_deref(), &name)?.remove(0);
        (maze, bytes)
    } else {
        let Some(family) = args.reading.family else {
            return Err(format!(
                "{name} does not exist: give --family (and --rows and --cols) to start a new maze there"
            ));
        };
        (blank(family, args, &args.file)?, Vec::new())
    };
    let page = edit::page(&maze, &shown, &version(&bytes)).map_err(|e| e.to_string())?;
    Ok(EditSite {
        file: args.file.clone(),
        shown,
        family: maze.family(),
        reading: args.reading.clone(),
        kept: Mutex::new(Kept {
            name: maze.name().to_string(),
            bytes,
            page: hyper::body::Bytes::from(page),
        }),
        recent: Default::default(),
    })
}

/// A blank maze of `family`, named after the file.
fn blank(family: &'static dyn Family, args: &EditArgs, file: &Path) -> Result<Maze, String> {
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().to_uppercase())
        .unwrap_or_else(|| "NEW".into());
    let name = args.maze.clone().unwrap_or(stem);
    let document = family
        .edit()
        .map(|editor| editor.blank(&name, args.rows, args.cols))
        .ok_or_else(|| format!("{} mazes have no blank maze to start from", family.name()))?;
    edit::design(of_run(), document.to_string().as_bytes()).map_err(|e| e.to_string())
}

impl Site for EditSite {
    fn methods(&self) -> &'static [Method] {
        &[Method::GET, Method::POST]
    }

    fn answer(&self, asked: Asked) -> AnswerFuture<'_> {
        Box::pin(async move {
            match (&asked.method, asked.path.as_str()) {
                (&Method::GET | &Method::HEAD, "/" | "/index.html") => Answer::page(self.page()),
                (&Method::POST, "/proof") => self.prove(&asked.query, &asked.body).await,
                (&Method::POST, "/save") => self.save(&asked.query, &asked.body),
                (&Method::POST, "/improve") => {
                    let body = asked.body.clone();
                    work(Answer::JSON, move || improve(&body)).await
                }
                (&Method::POST, "/play") => {
                    work_on_design(&asked.body, Answer::HTML, |maze| {
                        let title = maze.name().to_string();
                        crate::play::collection(&title, &[maze]).map_err(|e| e.to_string())
                    })
                    .await
                }
                (&Method::POST, "/svg") => {
                    work_on_design(&asked.body, "image/svg+xml", |maze| {
                        let route = maze.solve();
                        Ok(crate::render::svg(&maze, route.as_ref()))
                    })
                    .await
                }
                _ => Answer::not_found(),
            }
        })
    }
}

/// Improve: `{"design": …, "locks": [[row, col], …], "aim": "unique" |
/// "longer" | "more", "seed": n}` answered with the proposal's proof (its
/// `game.maze` is the proposed design).
fn improve(body: &[u8]) -> Result<String, String> {
    #[derive(serde::Deserialize)]
    struct Asked {
        design: serde_json::Value,
        #[serde(default)]
        locks: Vec<[u32; 2]>,
        aim: edit::Aim,
        #[serde(default)]
        seed: u64,
    }
    let asked: Asked = serde_json::from_slice(body).map_err(|e| e.to_string())?;
    let design =
        edit::design(of_run(), asked.design.to_string().as_bytes()).map_err(|e| e.to_string())?;
    let locks = Locks::new(
        asked
            .locks
            .iter()
            .map(|&[row, col]| Position::new(row, col))
            .collect(),
    );
    let proposal =
        edit::improve(&design, &locks, asked.aim, asked.seed).map_err(|e| e.to_string())?;
    Ok(edit::proposal(&proposal))
}

/// `task`'s answer, worked out off the thread that answers: 200 with what
/// it made, of type `kind`, or 422 with why not (a JSON refusal, whatever
/// `kind` is).
async fn work(
    kind: &'static str,
    task: impl FnOnce() -> Result<String, String> + Send + 'static,
) -> Answer {
    match tokio::task::spawn_blocking(task).await {
        Ok(Ok(body)) => Answer {
            status: StatusCode::OK,
            body: body.into(),
            kind,
        },
        Ok(Err(message)) => Answer::refusal(StatusCode::UNPROCESSABLE_ENTITY, message),
        Err(error) => Answer::refusal(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()),
    }
}

/// `make` of the design that `body` holds, worked out as [`work`] does;
/// a body that holds no design is refused with why.
async fn work_on_design(
    body: &hyper::body::Bytes,
    kind: &'static str,
    make: impl FnOnce(Maze) -> Result<String, String> + Send + 'static,
) -> Answer {
    let body = body.clone();
    work(kind, move || {
        make(edit::design(of_run(), &body).map_err(|e| e.to_string())?)
    })
    .await
}

impl EditSite {
    /// The proof of a design sent whole, or as an edit of one proved
    /// lately (`base=V&from=F&to=T`: the bytes F..T of version V replaced
    /// by the body); 409 when that design is no longer held, so that the
    /// page sends it whole.
    async fn prove(&self, query: &str, body: &hyper::body::Bytes) -> Answer {
        let field = |name: &str| {
            form_urlencoded::parse(query.as_bytes())
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.parse::<u64>())
        };
        let edited = match (field("base"), field("from"), field("to")) {
            (None, None, None) => None,
            (Some(Ok(base)), Some(Ok(from)), Some(Ok(to))) => Some((base, from, to)),
            _ => {
                let message = "an edit names its base, from and to, each a number";
                return Answer::refusal(StatusCode::BAD_REQUEST, message);
            }
        };
        let (recent, body) = (self.recent.clone(), body.clone());
        let answered = tokio::task::spawn_blocking(move || {
            let asked = match edited {
                None => edit::Sent::Whole(&body),
                Some((base, from, to)) => edit::Sent::Changed {
                    base,
                    from: usize::try_from(from).unwrap_or(usize::MAX),
                    to: usize::try_from(to).unwrap_or(usize::MAX),
                    text: &body,
                },
            };
            recent.prove(of_run(), asked)
        })
        .await;
        match answered {
            Ok(Ok(proof)) => Answer::json(StatusCode::OK, proof),
            Ok(Err(error @ edit::ProofError::NotHeld { .. })) => {
                Answer::refusal(StatusCode::CONFLICT, error.to_string())
            }
            Ok(Err(error @ edit::ProofError::OutOfRange { .. })) => {
                Answer::refusal(StatusCode::BAD_REQUEST, error.to_string())
            }
            Ok(Err(error)) => Answer::refusal(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
            Err(error) => Answer::refusal(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()),
        }
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The page of the maze as FILE holds it now: read again when FILE
    /// changed on disk (the page's version with it), else as kept. A FILE
    /// of one maze holds this editor's maze whatever its name now (a save
    /// then goes there); a FILE of several that no longer holds a maze of
    /// the name keeps the page last made.
    fn page(&self) -> hyper::body::Bytes {
        let mut kept = self.kept();
        let now = std::fs::read(&self.file).unwrap_or_default();
        if now != kept.bytes {
            let read = mazes_in(&self.file, &self.reading)
                .and_then(|(mazes, _)| match mazes.len() {
                    1 => Ok(mazes),
                    _ => choose(mazes, Some(&kept.name), &self.shown),
                })
                .ok()
                .and_then(|mut mazes| {
                    let maze = mazes.remove(0);
                    let page = edit::page(&maze, &self.shown, &version(&now)).ok()?;
                    Some((maze.name().to_string(), page))
                });
            if let Some((name, page)) = read {
                kept.page = page.into();
                kept.name = name;
                kept.bytes = now;
            }
        }
        kept.page.clone()
    }

    /// Writes the design into FILE, in the place of the maze it was.
    /// `query` says the version of FILE the design was made on
    /// (`base=…`); a FILE changed since (or, without a base, since it was
    /// last read or written) is not written over unless `overwrite=yes`.
    fn save(&self, query: &str, body: &[u8]) -> Answer {
        let maze = match edit::design(of_run(), body) {
            Ok(maze) => maze,
            Err(error) => {
                return Answer::refusal(StatusCode::UNPROCESSABLE_ENTITY, error.to_string());
            }
        };
        if maze.family().name() != self.family.name() {
            let message = format!(
                "{} holds {} mazes: a {} design is not saved there",
                self.shown,
                self.family.name(),
                maze.family().name()
            );
            return Answer::refusal(StatusCode::UNPROCESSABLE_ENTITY, message);
        }
        let field = |name: &str| {
            form_urlencoded::parse(query.as_bytes())
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.into_owned())
        };
        let mut kept = self.kept();
        let now = std::fs::read(&self.file).unwrap_or_default();
        let base = field("base").unwrap_or_else(|| version(&kept.bytes));
        if version(&now) != base && field("overwrite").as_deref() != Some("yes") {
            return Answer::refusal(
                StatusCode::CONFLICT,
                format!(
                    "{} changed on disk since this design was loaded",
                    self.file.display()
                ),
            );
        }
        // A new file is written as its name says: JSON Lines for .json
        // or .jsonl, else the judges' format.
        let new = match self.file.extension().and_then(|e| e.to_str()) {
            Some("json" | "jsonl") => InputFormat::Json,
            _ => InputFormat::Judge,
        };
        let written = match edit::splice(&now, &kept.name, &maze, new) {
            Ok(bytes) => bytes,
            Err(error) => {
                return Answer::refusal(StatusCode::UNPROCESSABLE_ENTITY, error.to_string());
            }
        };
        if let Err(error) = super::output::write_atomically(&self.file, &written) {
            return Answer::refusal(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("{}: {error}", self.file.display()),
            );
        }
        let now = version(&written);
        let page = edit::page(&maze, &self.shown, &now).map(hyper::body::Bytes::from);
        kept.page = page.unwrap_or_else(|_| kept.page.clone());
        kept.name = maze.name().to_string();
        kept.bytes = written;
        let said = serde_json::json!({
            "saved": format!("saved {}", self.file.display()),
            "version": now,
        });
        Answer::json(StatusCode::OK, said.to_string())
    }
}
