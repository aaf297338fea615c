//! The bootstrap handshake between two processes of a [`Cluster`](super::Cluster), before
//! timely's protocol takes their connection: each proves it holds the run's shared secret
//! (a challenge and response with HMAC-SHA-256 over fresh random nonces), and both compare
//! the digests of the run's configuration.
//!
//! The caller (the process of higher index) sends `SSCLUST1`, its index, its nonce and its
//! configuration digest; the acceptor answers with its nonce, its digest and a tag over
//! everything so far; the caller checks that tag and sends its own. A connection whose tag
//! is wrong never becomes a peer. The handshake's nonces give the connection its keys,
//! one per direction, with which [`Sealed`](super::sealed::Sealed) authenticates every
//! frame that follows (nothing is encrypted: see the trust model in the module's docs).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Instant;

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

use super::sealed::Keys;

const MAGIC: &[u8; 8] = b"SSCLUST1";
const NONCE: usize = 32;
const DIGEST: usize = 32;
const TAG: usize = 32;

/// A digest of a run's configuration: two processes whose digests differ were not started
/// for the same run.
pub(crate) type ConfigDigest = [u8; DIGEST];

/// The digest of `parts`, each prefixed with its length.
pub(crate) fn digest(parts: &[&[u8]]) -> ConfigDigest {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    hash.finalize().into()
}

/// The key of the per-layer check sums of a run: derived from its secret (0 for a run of
/// one process, which sends nothing over a network).
pub(crate) fn layer_key(secret: Option<&[u8]>) -> u64 {
    secret.map_or(0, |secret| {
        let mut hash = Sha256::new();
        hash.update(b"SSCLUST1 layer check");
        hash.update(secret);
        let bytes: [u8; 32] = hash.finalize().into();
        u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"))
    })
}

/// Why a handshake did not make a peer.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The other side did not prove it holds the secret, or spoke another protocol: not a
    /// process of this run.
    Stranger(String),
    /// The other side holds the secret but was started with another configuration.
    Mismatch {
        /// Its index.
        peer: usize,
    },
    /// The connection broke or the time ran out.
    Io(String),
}

/// This process's part in handshakes: the secret, its index, the number of processes
/// and the configuration digest.
pub(crate) struct Party<'a> {
    pub(crate) secret: &'a [u8],
    pub(crate) me: usize,
    pub(crate) processes: usize,
    pub(crate) config: ConfigDigest,
}

impl Party<'_> {
    /// The tag of `role` (`b"accept"` or `b"call"`) over the transcript of a handshake
    /// between `caller` and `acceptor`.
    fn tag(
        &self,
        role: &[u8],
        caller: usize,
        acceptor: usize,
        transcript: &[&[u8]],
    ) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(self.secret).expect("HMAC takes a key of any length");
        mac.update(MAGIC);
        mac.update(role);
        mac.update(&(caller as u64).to_le_bytes());
        mac.update(&(acceptor as u64).to_le_bytes());
        for part in transcript {
            mac.update(part);
        }
        mac
    }

    /// The key of the frames `from` sends to `to` on the connection whose handshake had
    /// the nonces `caller` and `acceptor`.
    fn frame_key(&self, from: usize, to: usize, caller: &[u8], acceptor: &[u8]) -> [u8; 32] {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(self.secret).expect("HMAC takes a key of any length");
        mac.update(MAGIC);
        mac.update(b"frames");
        mac.update(&(from as u64).to_le_bytes());
        mac.update(&(to as u64).to_le_bytes());
        mac.update(caller);
        mac.update(acceptor);
        mac.finalize().into_bytes().into()
    }

    /// The caller's side, on a connection to process `peer`: the connection's keys.
    pub(crate) fn call(
        &self,
        stream: &mut TcpStream,
        peer: usize,
        deadline: Instant,
    ) -> Result<Keys, Failure> {
        let mut nonce = [0u8; NONCE];
        getrandom::fill(&mut nonce).map_err(|e| Failure::Io(format!("no random nonce: {e}")))?;
        let mut hello = Vec::with_capacity(8 + 8 + NONCE + DIGEST);
        hello.extend_from_slice(MAGIC);
        hello.extend_from_slice(&(self.me as u64).to_le_bytes());
        hello.extend_from_slice(&nonce);
        hello.extend_from_slice(&self.config);
        write_all(stream, &hello, deadline)?;
        let mut answer = [0u8; NONCE + DIGEST + TAG];
        read_full(stream, &mut answer, deadline)?;
        let (theirs, rest) = answer.split_at(NONCE);
        let (their_config, their_tag) = rest.split_at(DIGEST);
        let transcript: [&[u8]; 4] = [&nonce, theirs, &self.config, their_config];
        self.tag(b"accept", self.me, peer, &transcript)
            .verify_slice(their_tag)
            .map_err(|_| Failure::Stranger("it did not prove it holds the secret".to_owned()))?;
        let ours = self
            .tag(b"call", self.me, peer, &transcript)
            .finalize()
            .into_bytes();
        write_all(stream, &ours, deadline)?;
        if their_config != self.config {
            return Err(Failure::Mismatch { peer });
        }
        Ok(Keys {
            send: self.frame_key(self.me, peer, &nonce, theirs),
            receive: self.frame_key(peer, self.me, &nonce, theirs),
        })
    }

    /// The acceptor's side, on a connection just accepted: the caller's index once it has
    /// proved it holds the secret, and the connection's keys.
    pub(crate) fn accept(
        &self,
        stream: &mut TcpStream,
        deadline: Instant,
    ) -> Result<(usize, Keys), Failure> {
        let mut hello = [0u8; 8 + 8 + NONCE + DIGEST];
        read_full(stream, &mut hello, deadline)?;
        if &hello[..8] != MAGIC {
            return Err(Failure::Stranger(
                "it does not speak this protocol".to_owned(),
            ));
        }
        let peer = u64::from_le_bytes(hello[8..16].try_into().expect("8 bytes"));
        let peer = usize::try_from(peer).unwrap_or(usize::MAX);
        if peer <= self.me || peer >= self.processes {
            return Err(Failure::Stranger(format!("it says it is process {peer}")));
        }
        let (their_nonce, their_config) = hello[16..].split_at(NONCE);
        let mut nonce = [0u8; NONCE];
        getrandom::fill(&mut nonce).map_err(|e| Failure::Io(format!("no random nonce: {e}")))?;
        let transcript: [&[u8]; 4] = [their_nonce, &nonce, their_config, &self.config];
        let ours = self
            .tag(b"accept", peer, self.me, &transcript)
            .finalize()
            .into_bytes();
        let mut answer = Vec::with_capacity(NONCE + DIGEST + TAG);
        answer.extend_from_slice(&nonce);
        answer.extend_from_slice(&self.config);
        answer.extend_from_slice(&ours);
        write_all(stream, &answer, deadline)?;
        let mut their_tag = [0u8; TAG];
        read_full(stream, &mut their_tag, deadline)?;
        self.tag(b"call", peer, self.me, &transcript)
            .verify_slice(&their_tag)
            .map_err(|_| Failure::Stranger("it did not prove it holds the secret".to_owned()))?;
        if their_config != self.config {
            return Err(Failure::Mismatch { peer });
        }
        let keys = Keys {
            send: self.frame_key(self.me, peer, their_nonce, &nonce),
            receive: self.frame_key(peer, self.me, their_nonce, &nonce),
        };
        Ok((peer, keys))
    }
}

/// The time left before `deadline`, or a timeout.
fn left(deadline: Instant) -> Result<std::time::Duration, Failure> {
    deadline
        .checked_duration_since(Instant::now())
        .filter(|left| !left.is_zero())
        .ok_or_else(|| Failure::Io("no answer in time".to_owned()))
}

/// Fills `buf` from `stream` by `deadline` as a whole: a peer sending a byte at a time
/// cannot stretch the wait.
fn read_full(stream: &mut TcpStream, buf: &mut [u8], deadline: Instant) -> Result<(), Failure> {
    let mut filled = 0;
    while filled < buf.len() {
        stream
            .set_read_timeout(Some(left(deadline)?))
            .map_err(|e| Failure::Io(e.to_string()))?;
        match stream.read(&mut buf[filled..]) {
            Ok(0) => return Err(Failure::Io("the connection closed".to_owned())),
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Failure::Io(e.to_string())),
        }
    }
    Ok(())
}

/// Writes `bytes` to `stream` by `deadline`.
fn write_all(stream: &mut TcpStream, bytes: &[u8], deadline: Instant) -> Result<(), Failure> {
    stream
        .set_write_timeout(Some(left(deadline)?))
        .and_then(|()| stream.write_all(bytes))
        .map_err(|e| Failure::Io(e.to_string()))
}
