"""Seeds sealed in the saved match, so that a program reading ``match.json`` learns no deal.

The match seed decides every deal of a match and the current hand's seed decides the cards
being played; a program seated at the table (``--seat N=external:…``) runs as the player's
user and can read the data folder. So these seeds are never written in the clear while they
still decide cards nobody has seen: ``seal_save`` encrypts them with a per-install key kept
in its own file (``seal.key``, mode 0600, 32 random bytes), a fresh nonce per write, and a
MAC that names the field (a sealed value moved to another field, or damaged, does not open).
``open_save`` reverses it; a save whose seeds are plain integers (written before) opens as
it is. An event's file seals its seeds the same way, at other places in the file (the
``fields`` argument; ``game.app.event_store.EVENT_SEALED_FIELDS``). The key stops a program that
reads the save, not one that also reads the key: both are the player's files
(docs/bot-protocol.md, "What is and is not protected").

Standard library only: the keystream is BLAKE2b keyed with a subkey and salted with the
nonce, the MAC HMAC-SHA256 with another subkey.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
import hashlib
import hmac
import os
from pathlib import Path
import secrets
import stat
import tempfile
from typing import Any

from game.files import sync_dir

KEY_FILE = "seal.key"
KEY_BYTES = 32
PREFIX = "sealed1:"  # a sealed value is this text, then nonce.cipher.mac in base64
_NONCE_BYTES = 16
_VALUE_BYTES = 48  # a seed's decimal digits, padded: every stored seed has the same length
_MAC_BYTES = 32
Fields = tuple[tuple[str, ...], ...]  # each a path of keys to a sealed value; the MAC names it
# The fields that decide deals not yet seen: the match seed (every deal), the current hand's
# seed (the cards in play) and the table's seed (the match seed again). Finished hands are over.
SEALED_FIELDS: Fields = (
    ("match", "seed"),
    ("match", "current", "setup", "seed"),
    ("table", "seed"),
)


class SealError(ValueError):
    """A sealed value cannot be opened (no key, another key, damaged); the text says which."""


# ------------------------------------------------------------------------------ the key


def read_key(folder: Path) -> bytes | None:
    """The folder's key; None when there is none. Raises ``SealError`` for a key file that
    cannot be used (not a regular file, the wrong size, unreadable)."""
    path = Path(folder) / KEY_FILE
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None
    except OSError as e:
        raise SealError(f"the seal key cannot be read ({e.strerror or e})") from None
    try:
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise SealError("the seal key is not a regular file")
            key = f.read(KEY_BYTES + 1)
    except OSError as e:
        raise SealError(f"the seal key cannot be read ({e.strerror or e})") from None
    if len(key) != KEY_BYTES:
        raise SealError("the seal key is damaged")
    return key


def create_key(folder: Path) -> bytes:
    """A new key in ``folder`` (readable by the player's user only); raises OSError."""
    key = secrets.token_bytes(KEY_BYTES)
    fd, tmp = _private_temp(Path(folder))  # the key is never readable by others, even half-written
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(key)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, Path(folder) / KEY_FILE)
        sync_dir(Path(folder))
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return key


def _private_temp(folder: Path) -> tuple[int, str]:
    """A new temporary file only the owner may read (mkstemp makes it 0600, never wider),
    named as the save's own temporary files are: one a crash leaves is cleaned at start."""
    folder.mkdir(parents=True, exist_ok=True)
    return tempfile.mkstemp(prefix="match.json.", suffix=".tmp", dir=folder)


# ------------------------------------------------------------------------------ one value


def _subkey(key: bytes, use: bytes) -> bytes:
    return hashlib.blake2b(key=key, person=use, digest_size=32).digest()


def _keystream(key: bytes, nonce: bytes, size: int) -> bytes:
    stream_key = _subkey(key, b"seal-stream")
    blocks = (hashlib.blake2b(i.to_bytes(8, "big"), key=stream_key, salt=nonce).digest() for i in range(-(-size // 64)))
    return b"".join(blocks)[:size]


def _mac(key: bytes, field: str, nonce: bytes, cipher: bytes) -> bytes:
    message = PREFIX.encode() + field.encode() + b"\0" + nonce + cipher
    return hmac.new(_subkey(key, b"seal-mac"), message, hashlib.sha256).digest()


def seal_value(key: bytes, field: str, value: int) -> str:
    """``value`` sealed for ``field`` (a fresh nonce each time: two writes never look alike)."""
    nonce = secrets.token_bytes(_NONCE_BYTES)
    plain = str(value).encode("ascii").rjust(_VALUE_BYTES)
    cipher = bytes(a ^ b for a, b in zip(plain, _keystream(key, nonce, len(plain)), strict=True))
    parts = (nonce, cipher, _mac(key, field, nonce, cipher))
    return PREFIX + ".".join(base64.urlsafe_b64encode(p).decode("ascii") for p in parts)


def open_value(key: bytes | None, field: str, sealed: str) -> int:
    """The value ``seal_value`` sealed; raises ``SealError``."""
    if key is None:
        raise SealError("the seal key is missing")
    try:
        nonce, cipher, mac = (base64.urlsafe_b64decode(p.encode("ascii")) for p in sealed[len(PREFIX) :].split("."))
    except (ValueError, binascii.Error, UnicodeEncodeError):
        raise SealError(f"the sealed {field} is damaged") from None
    if len(nonce) != _NONCE_BYTES or not _VALUE_BYTES <= len(cipher) <= 4096 or len(mac) != _MAC_BYTES:
        raise SealError(f"the sealed {field} is damaged")
    if not hmac.compare_digest(mac, _mac(key, field, nonce, cipher)):
        raise SealError(f"the sealed {field} does not open with this folder's key")
    plain = bytes(a ^ b for a, b in zip(cipher, _keystream(key, nonce, len(cipher)), strict=True))
    try:
        return int(plain.decode("ascii").strip())
    except ValueError:
        raise SealError(f"the sealed {field} is damaged") from None


def is_sealed(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(PREFIX)


# ------------------------------------------------------------------------------ a save


def _parent(data: Any, path: tuple[str, ...]) -> dict | None:
    node = data
    for part in path[:-1]:
        node = node.get(part) if isinstance(node, dict) else None
    return node if isinstance(node, dict) else None


def needs_sealing(data: Any, fields: Fields = SEALED_FIELDS) -> bool:
    """Does this save hold a deal-deciding seed in the clear? (``fields``: where a file
    other than the saved match keeps its seeds, as an event's file does.)"""
    for path in fields:
        node = _parent(data, path)
        if node is not None and isinstance(node.get(path[-1]), int) and not isinstance(node[path[-1]], bool):
            return True
    return False


def seal_save(data: dict, key: bytes, fields: Fields = SEALED_FIELDS) -> dict:
    """A copy of the save ``data`` with its seeds sealed (``data`` is left as it is)."""
    out = _copy_along(data, fields)
    for path in fields:
        node = _parent(out, path)
        value = node.get(path[-1]) if node is not None else None
        if node is not None and isinstance(value, int) and not isinstance(value, bool):
            node[path[-1]] = seal_value(key, ".".join(path), value)
    return out


def open_save(data: dict, key: Callable[[], bytes | None], fields: Fields = SEALED_FIELDS) -> dict:
    """The save with its sealed seeds opened (plain ones, of older saves, as they are);
    raises ``SealError`` when one does not open. ``key`` is read only when a seed is sealed:
    a damaged key file costs the sealed saves, not the old plain ones."""
    if not any(is_sealed((_parent(data, p) or {}).get(p[-1])) for p in fields):
        return data
    opening = key()
    out = _copy_along(data, fields)
    for path in fields:
        node = _parent(out, path)
        if node is not None and is_sealed(node.get(path[-1])):
            node[path[-1]] = open_value(opening, ".".join(path), node[path[-1]])
    return out


def _copy_along(data: dict, fields: Fields) -> dict:
    """``data`` with the objects on the sealed fields' paths copied and the rest shared: the
    caller's save (the driver's own data) is never changed, and a long match is not copied."""
    out = dict(data)
    for path in fields:
        node: dict = out
        original: Any = data
        for part in path[:-1]:
            child = node.get(part)
            original = original.get(part) if isinstance(original, dict) else None
            if not isinstance(child, dict):
                break
            if child is original:
                child = node[part] = dict(child)
            node = child
    return out


__all__ = [
    "KEY_FILE",
    "SEALED_FIELDS",
    "Fields",
    "SealError",
    "create_key",
    "is_sealed",
    "needs_sealing",
    "open_save",
    "open_value",
    "read_key",
    "seal_save",
    "seal_value",
]
