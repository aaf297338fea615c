//! Timely's traffic between two processes, sealed: every chunk timely writes travels as a
//! frame `[length: u32 LE][payload][tag: 16 bytes]`, the tag an HMAC-SHA-256 (truncated)
//! over the frame's sequence number, length and payload under a key of this connection
//! and direction (derived in the handshake from the secret and both nonces). The reader
//! hands timely nothing before the tag checks, so a byte changed, dropped, added, replayed
//! or reflected on the way is an error on the connection, never data; a frame longer than
//! [`MAX_FRAME`] is refused before anything is buffered. Both sides send an empty frame
//! (a heartbeat) when they have been silent for a quarter of the timeout, and a reader
//! that receives no whole frame within the timeout fails: a peer that stops answering, or
//! a network that drops everything, is an error after the timeout instead of a wait
//! without end.
//!
//! Timely's network threads turn an error of their stream into a panic; the first error
//! is also kept in the [`Fault`] the streams share, so the run reports what happened.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The longest payload of one frame.
pub(crate) const MAX_FRAME: usize = 1 << 20;
const LENGTH: usize = 4;
const TAG: usize = 16;

/// The first fault of a process's sealed connections: which peer, and what happened.
pub(crate) type Fault = Arc<Mutex<Option<(usize, String)>>>;

/// The keys of one connection, one per direction.
pub(crate) struct Keys {
    pub(crate) send: [u8; 32],
    pub(crate) receive: [u8; 32],
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The tag of frame `sequence` with `payload`.
fn tag(key: &[u8; 32], sequence: u64, payload: &[u8]) -> [u8; TAG] {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(&sequence.to_le_bytes());
    mac.update(&(payload.len() as u64).to_le_bytes());
    mac.update(payload);
    let full = mac.finalize().into_bytes();
    full[..TAG].try_into().expect("16 of 32 bytes")
}

/// The writing half: shared by every handle of the connection and its heartbeat.
struct Sending {
    socket: TcpStream,
    key: [u8; 32],
    sequence: u64,
    last: Instant,
    closed: bool,
    frame: Vec<u8>,
}

impl Sending {
    fn send(&mut self, payload: &[u8]) -> io::Result<()> {
        if self.closed {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the connection is shut down for writing",
            ));
        }
        self.frame.clear();
        let length = u32::try_from(payload.len()).expect("a frame is at most MAX_FRAME");
        self.frame.extend_from_slice(&length.to_le_bytes());
        self.frame.extend_from_slice(payload);
        self.frame
            .extend_from_slice(&tag(&self.key, self.sequence, payload));
        self.socket.write_all(&self.frame)?;
        self.sequence += 1;
        self.last = Instant::now();
        Ok(())
    }
}

/// The reading half.
struct Receiving {
    socket: TcpStream,
    key: [u8; 32],
    sequence: u64,
    /// The payload of the last frame, checked, from `at` on not yet read.
    plain: Vec<u8>,
    at: usize,
    ended: bool,
}

/// Why a read failed, before it becomes an `io::Error`.
enum Broken {
    Io(io::Error),
    Data(String),
}

impl Receiving {
    /// Fills `buf` within `deadline`; `Ok(false)` for an end of stream before the first
    /// byte.
    fn fill(&mut self, buf: &mut [u8], deadline: Instant, peer: usize) -> Result<bool, Broken> {
        let mut filled = 0;
        while filled < buf.len() {
            let left = deadline
                .checked_duration_since(Instant::now())
                .filter(|left| !left.is_zero())
                .ok_or_else(|| Broken::Data(silent(peer)))?;
            self.socket
                .set_read_timeout(Some(left))
                .map_err(Broken::Io)?;
            match self.socket.read(&mut buf[filled..]) {
                Ok(0) if filled == 0 => return Ok(false),
                Ok(0) => {
                    return Err(Broken::Data(format!(
                        "the connection with process {peer} closed in the middle of a frame"
                    )));
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => return Err(Broken::Io(e)),
            }
        }
        Ok(true)
    }

    /// Reads and checks the next frame (a heartbeat leaves `plain` empty).
    fn next(&mut self, timeout: Duration, peer: usize) -> Result<(), Broken> {
        let deadline = Instant::now() + timeout;
        let mut length = [0u8; LENGTH];
        if !self.fill(&mut length, deadline, peer)? {
            self.ended = true;
            return Ok(());
        }
        let length = u32::from_le_bytes(length) as usize;
        if length > MAX_FRAME {
            return Err(Broken::Data(format!(
                "process {peer} announced a frame of {length} bytes (at most {MAX_FRAME}): \
                 the connection was tampered with"
            )));
        }
        let mut frame = std::mem::take(&mut self.plain);
        frame.resize(length + TAG, 0);
        let whole = self.fill(&mut frame, deadline, peer);
        self.plain = frame;
        if !whole? {
            return Err(Broken::Data(format!(
                "the connection with process {peer} closed in the middle of a frame"
            )));
        }
        let (payload, received) = self.plain.split_at(length);
        if tag(&self.key, self.sequence, payload) != received {
            return Err(Broken::Data(format!(
                "a frame from process {peer} failed its authentication check: the \
                 connection was tampered with"
            )));
        }
        self.plain.truncate(length);
        self.at = 0;
        self.sequence += 1;
        Ok(())
    }
}

fn silent(peer: usize) -> String {
    format!("process {peer} sent nothing within the timeout: it stopped, or the network failed")
}

/// One connection to another process, sealed (see the module's docs); what timely's
/// networking reads and writes.
pub(crate) struct Sealed {
    peer: usize,
    timeout: Duration,
    socket: TcpStream,
    sending: Arc<Mutex<Sending>>,
    receiving: Arc<Mutex<Receiving>>,
    fault: Fault,
}

impl Sealed {
    /// Seals `socket`, just past its handshake with process `peer`, and starts its
    /// heartbeat.
    pub(crate) fn new(
        socket: TcpStream,
        keys: &Keys,
        peer: usize,
        timeout: Duration,
        fault: Fault,
    ) -> io::Result<Self> {
        // A socket takes no zero timeout.
        let timeout = timeout.max(Duration::from_millis(1));
        socket.set_nodelay(true)?;
        socket.set_write_timeout(Some(timeout))?;
        let sending = Arc::new(Mutex::new(Sending {
            socket: socket.try_clone()?,
            key: keys.send,
            sequence: 0,
            last: Instant::now(),
            closed: false,
            frame: Vec::new(),
        }));
        let receiving = Arc::new(Mutex::new(Receiving {
            socket: socket.try_clone()?,
            key: keys.receive,
            sequence: 0,
            plain: Vec::new(),
            at: 0,
            ended: false,
        }));
        let beat = (timeout / 4).clamp(Duration::from_millis(10), Duration::from_secs(5));
        let weak = Arc::downgrade(&sending);
        std::thread::Builder::new()
            .name(format!("state-search:heartbeat-{peer}"))
            .spawn(move || heartbeat(&weak, beat))?;
        Ok(Self {
            peer,
            timeout,
            socket,
            sending,
            receiving,
            fault,
        })
    }

    /// `error`, kept in the fault if it is the first.
    fn failed(&self, error: io::Error) -> io::Error {
        lock(&self.fault).get_or_insert_with(|| (self.peer, error.to_string()));
        error
    }
}

/// Sends an empty frame whenever the connection has been silent for `beat`, until it is
/// shut down or dropped.
fn heartbeat(sending: &Weak<Mutex<Sending>>, beat: Duration) {
    loop {
        std::thread::sleep(beat);
        let Some(sending) = sending.upgrade() else {
            return;
        };
        let mut sending = lock(&sending);
        if sending.closed {
            return;
        }
        if sending.last.elapsed() >= beat && sending.send(&[]).is_err() {
            return;
        }
    }
}

impl Read for Sealed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let receiving = Arc::clone(&self.receiving);
        let mut receiving = lock(&receiving);
        loop {
            if receiving.at < receiving.plain.len() {
                let n = buf.len().min(receiving.plain.len() - receiving.at);
                let at = receiving.at;
                buf[..n].copy_from_slice(&receiving.plain[at..at + n]);
                receiving.at += n;
                return Ok(n);
            }
            if receiving.ended || buf.is_empty() {
                return Ok(0);
            }
            match receiving.next(self.timeout, self.peer) {
                Ok(()) => {}
                Err(Broken::Io(e)) => return Err(self.failed(e)),
                Err(Broken::Data(why)) => {
                    return Err(self.failed(io::Error::new(io::ErrorKind::InvalidData, why)));
                }
            }
        }
    }
}

impl Write for Sealed {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let n = buf.len().min(MAX_FRAME);
        let sent = lock(&self.sending).send(&buf[..n]);
        sent.map(|()| n).map_err(|e| self.failed(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl timely::communication::allocator::zero_copy::stream::Stream for Sealed {
    fn try_clone(&self) -> io::Result<Self> {
        Ok(Self {
            peer: self.peer,
            timeout: self.timeout,
            socket: self.socket.try_clone()?,
            sending: Arc::clone(&self.sending),
            receiving: Arc::clone(&self.receiving),
            fault: Arc::clone(&self.fault),
        })
    }

    fn set_nonblocking(&self, nonblocking: bool) -> io::Result<()> {
        self.socket.set_nonblocking(nonblocking)
    }

    fn shutdown(&self, how: Shutdown) -> io::Result<()> {
        if matches!(how, Shutdown::Write | Shutdown::Both) {
            lock(&self.sending).closed = true;
        }
        self.socket.shutdown(how)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;
    use timely::communication::allocator::zero_copy::stream::Stream as _;

    /// Two ends of a loopback connection, raw.
    fn pair() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let caller = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (acceptor, _) = listener.accept().unwrap();
        (caller, acceptor)
    }

    fn keys(a: u8, b: u8) -> Keys {
        Keys {
            send: [a; 32],
            receive: [b; 32],
        }
    }

    fn sealed(socket: TcpStream, keys: &Keys, timeout: Duration) -> (Sealed, Fault) {
        let fault = Fault::default();
        let stream = Sealed::new(socket, keys, 1, timeout, Arc::clone(&fault)).unwrap();
        (stream, fault)
    }

    #[test]
    fn what_is_written_is_read_and_an_orderly_end_is_the_end() {
        let (a, b) = pair();
        let (mut a, _) = sealed(a, &keys(1, 2), Duration::from_secs(5));
        let (mut b, fault) = sealed(b, &keys(2, 1), Duration::from_secs(5));
        let big: Vec<u8> = (0..3 * MAX_FRAME / 2)
            .map(|i| u8::try_from(i % 251).unwrap())
            .collect();
        let writer = std::thread::spawn(move || {
            a.write_all(b"hello").unwrap();
            a.write_all(&big).unwrap();
            a.shutdown(Shutdown::Write).unwrap();
            big
        });
        let mut got = Vec::new();
        b.read_to_end(&mut got).unwrap();
        let big = writer.join().unwrap();
        assert_eq!(&got[..5], b"hello");
        assert_eq!(&got[5..], &big[..]);
        assert!(lock(&fault).is_none());
    }

    /// What a reader with key 2 makes of `bytes` sent raw after one good frame.
    fn after_a_good_frame(bytes: &[u8], timeout: Duration) -> (io::Error, String) {
        let (mut raw, b) = pair();
        let (mut b, fault) = sealed(b, &keys(9, 2), timeout);
        let mut good = 5u32.to_le_bytes().to_vec();
        good.extend_from_slice(b"hello");
        good.extend_from_slice(&tag(&[2; 32], 0, b"hello"));
        raw.write_all(&good).unwrap();
        raw.write_all(bytes).unwrap();
        let mut first = [0u8; 5];
        b.read_exact(&mut first).unwrap();
        assert_eq!(&first, b"hello");
        let error = b.read(&mut [0u8; 16]).unwrap_err();
        let (peer, why) = lock(&fault).clone().expect("the fault is kept");
        assert_eq!(peer, 1);
        drop(raw);
        (error, why)
    }

    #[test]
    fn a_changed_replayed_or_forged_frame_is_an_error_not_data() {
        let timeout = Duration::from_secs(5);
        let frame = |sequence: u64, payload: &[u8], key: u8| {
            let mut bytes = u32::try_from(payload.len()).unwrap().to_le_bytes().to_vec();
            bytes.extend_from_slice(payload);
            bytes.extend_from_slice(&tag(&[key; 32], sequence, payload));
            bytes
        };
        // One bit changed; the first frame again (a replay); a frame under the other
        // direction's key (a reflection); random bytes.
        let mut changed = frame(1, b"world", 2);
        changed[6] ^= 1;
        for bytes in [changed, frame(0, b"hello", 2), frame(1, b"world", 9)] {
            let (error, why) = after_a_good_frame(&bytes, timeout);
            assert_eq!(error.kind(), io::ErrorKind::InvalidData);
            assert!(why.contains("failed its authentication check"), "{why}");
        }
        // A length of 2^31 is refused before anything is buffered.
        let (_, why) = after_a_good_frame(&(1u32 << 31).to_le_bytes(), timeout);
        assert!(
            why.contains("announced a frame of 2147483648 bytes"),
            "{why}"
        );
        // The right frame passes.
        let (raw, b) = pair();
        let (mut b, _) = sealed(b, &keys(9, 2), timeout);
        let mut raw = raw;
        raw.write_all(&frame(0, b"world", 2)).unwrap();
        let mut got = [0u8; 5];
        b.read_exact(&mut got).unwrap();
        assert_eq!(&got, b"world");
    }

    #[test]
    fn a_silent_peer_is_an_error_after_the_timeout_and_a_live_one_is_not() {
        let timeout = Duration::from_millis(300);
        // A peer that writes nothing, or a byte at a time, fails the read after the
        // timeout as a whole.
        let (mut raw, b) = pair();
        let (mut b, _) = sealed(b, &keys(9, 2), timeout);
        let drip = std::thread::spawn(move || {
            for _ in 0..10 {
                if raw.write_all(&[1]).is_err() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        });
        let began = Instant::now();
        let error = b.read(&mut [0u8; 4]).unwrap_err();
        assert!(error.to_string().contains("sent nothing within"), "{error}");
        assert!(began.elapsed() < Duration::from_secs(2));
        drip.join().unwrap();
        // A sealed peer with nothing to say keeps the connection alive with heartbeats.
        let (a, b) = pair();
        let (mut a, _) = sealed(a, &keys(1, 2), timeout);
        let (mut b, _) = sealed(b, &keys(2, 1), timeout);
        let late = std::thread::spawn(move || {
            std::thread::sleep(4 * timeout);
            a.write_all(b"late").unwrap();
            a
        });
        let mut got = [0u8; 4];
        b.read_exact(&mut got).unwrap();
        assert_eq!(&got, b"late");
        drop(late.join().unwrap());
    }
}
