//! The protocol's framing over stdio, forgiving where `lsp-server`'s own
//! stdio transport is not: that one ends the connection on the first
//! malformed message and allocates whatever `Content-Length` says before
//! reading. Here a message that does not parse is reported on stderr and
//! skipped, a header that is not one is skipped, and a body larger than
//! [`MAX_BODY`] is read through and dropped, so a bad client cannot stop
//! the server or make it run out of memory.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender, unbounded};
use lsp_server::{Connection, Message};

/// The largest message read (a 50 MB document sent whole, with room for
/// its JSON escapes).
pub const MAX_BODY: usize = 256 * 1024 * 1024;

/// The connection over this process's stdin and stdout, and the threads
/// that move the bytes (joined by [`Threads::join`]).
pub fn stdio() -> (Connection, Threads) {
    let (to_server, receiver) = unbounded();
    let (sender, from_server) = unbounded::<Message>();
    let reader = thread::spawn(move || {
        let stdin = io::stdin();
        read_messages(&mut stdin.lock(), &to_server);
    });
    let writer = thread::spawn(move || {
        let stdout = io::stdout();
        write_messages(&mut stdout.lock(), &from_server)
    });
    (Connection { sender, receiver }, Threads { reader, writer })
}

/// The transport's threads.
pub struct Threads {
    reader: thread::JoinHandle<()>,
    writer: thread::JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Waits for the writer to send what is queued. The reader is not
    /// waited for: after `exit` it may still be blocked on stdin.
    pub fn join(self) -> io::Result<()> {
        drop(self.reader);
        self.writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer panicked")))
    }
}

/// Reads messages from `input` until it ends or an `exit` arrives.
pub fn read_messages(input: &mut impl BufRead, out: &Sender<Message>) {
    loop {
        let body = match read_body(input) {
            Ok(Some(body)) => body,
            Ok(None) => return,
            Err(e) => {
                log(&format!("unreadable message skipped: {e}"));
                continue;
            }
        };
        let message: Message = match serde_json::from_slice(&body) {
            Ok(message) => message,
            Err(e) => {
                log(&format!("malformed message skipped: {e}"));
                continue;
            }
        };
        let exit =
            matches!(&message, Message::Notification(n) if n.method == "exit");
        if out.send(message).is_err() || exit {
            return;
        }
    }
}

/// Why one message could not be read (the next may be).
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The headers have no `Content-Length`.
    #[error("no Content-Length header")]
    NoLength,
    /// `Content-Length` is not a number.
    #[error("Content-Length `{0}` is not a number")]
    BadLength(String),
    /// The body is larger than [`MAX_BODY`].
    #[error("a body of {0} bytes is over the limit of {MAX_BODY}")]
    TooLarge(usize),
}

/// One message's body: `Ok(None)` at the end of the input, `Err` for a
/// message skipped.
fn read_body(input: &mut impl BufRead) -> Result<Option<Vec<u8>>, FrameError> {
    let mut length = None;
    let mut saw_header = false;
    let mut line = Vec::new();
    loop {
        line.clear();
        // A header line is short; a longer one is not a header.
        let read = input.by_ref().take(8192).read_until(b'\n', &mut line);
        match read {
            Ok(0) | Err(_) => return Ok(None),
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if saw_header {
                break;
            }
            continue; // stray blank lines between messages
        }
        saw_header = true;
        if let Some((name, value)) = text.split_once(':')
            && name.trim().eq_ignore_ascii_case("Content-Length")
        {
            let value = value.trim();
            length = Some(
                value
                    .parse::<usize>()
                    .map_err(|_| FrameError::BadLength(value.to_owned())),
            );
        }
    }
    let length = length.ok_or(FrameError::NoLength)??;
    if length > MAX_BODY {
        // Read through it, so the next message is found.
        let _ =
            io::copy(&mut input.by_ref().take(length as u64), &mut io::sink());
        return Err(FrameError::TooLarge(length));
    }
    let mut body = Vec::with_capacity(length);
    match input.by_ref().take(length as u64).read_to_end(&mut body) {
        Ok(n) if n == length => Ok(Some(body)),
        _ => Ok(None), // the input ended inside the body
    }
}

fn write_messages(
    output: &mut impl Write,
    messages: &Receiver<Message>,
) -> io::Result<()> {
    for message in messages {
        let exit =
            matches!(&message, Message::Notification(n) if n.method == "exit");
        message.write(output)?;
        if exit {
            break;
        }
    }
    Ok(())
}

/// A line on stderr, which clients show in their server log.
#[allow(clippy::print_stderr)]
pub fn log(line: &str) {
    eprintln!("berthier-lsp: {line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn messages(input: &str) -> Vec<Message> {
        let (tx, rx) = unbounded();
        read_messages(&mut input.as_bytes(), &tx);
        drop(tx);
        rx.into_iter().collect()
    }

    #[test]
    fn malformed_messages_are_skipped_and_the_next_one_is_read() {
        let good = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let input = [
            frame("{not json"),
            "Content-Length: many\r\n\r\n".to_owned(),
            "garbage line\r\n\r\n".to_owned(),
            frame(good),
            // Read through to the end of the input, never allocated.
            format!("Content-Length: {}\r\n\r\n", MAX_BODY + 1),
        ]
        .concat();
        let read = messages(&input);
        assert_eq!(read.len(), 1, "{read:?}");
        assert!(
            matches!(&read[0], Message::Notification(n) if n.method == "initialized")
        );
    }

    #[test]
    fn an_input_ending_inside_a_body_ends_the_reading() {
        assert!(messages("Content-Length: 100\r\n\r\n{\"a\"").is_empty());
    }
}
