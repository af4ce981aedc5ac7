"""A small, independent Python reader and writer of TF tensor bundles.

Tests use it to make SavedModel fixtures at test time (variables.index and
variables.data-00000-of-00001 for hand-written saved_model.pbtxt graphs), to
damage bundles in controlled ways, and as a second reader whose values the
C++ loader's results are checked against.

Format (TF's tensorflow/core/util/tensor_bundle, LevelDB's table format as
TF's lib/io/table writes it):
  index = sorted string table: "" -> BundleHeaderProto,
          tensor name -> BundleEntryProto (dtype 1, shape 2, shard_id 3,
          offset 4, size 5, crc32c 6 = masked CRC-32C of the bytes)
  table = data blocks, metaindex block, index block, 48-byte footer
          (two block handles, padding, magic 0xdb4775248b80fb57)
  block = entries (varint shared, varint non_shared, varint value_len, key
          delta, value), uint32 restart offsets, uint32 restart count, then a
          trailer: type byte 0 and the masked CRC-32C of contents + type.
  data  = little-endian tensor bytes; a string tensor is varint64 lengths,
          the masked CRC-32C of those length bytes, then the strings.
Only numpy and the standard library are used (no TF, no protobuf module).
"""

import struct

import numpy as np

MAGIC = 0xDB4775248B80FB57

# TF DataType enum values and numpy dtypes.
DTYPES = {
    1: np.float32, 2: np.float64, 3: np.int32, 4: np.uint8, 5: np.int16,
    6: np.int8, 9: np.int64, 10: np.bool_, 17: np.uint16, 19: np.float16,
    22: np.uint32, 23: np.uint64,
}
DT_STRING = 7
NUMPY_TO_DT = {np.dtype(v): k for k, v in DTYPES.items()}

_CRC_TABLE = []
for _i in range(256):
    _c = _i
    for _ in range(8):
        _c = (_c >> 1) ^ 0x82F63B78 if _c & 1 else _c >> 1
    _CRC_TABLE.append(_c)


def crc32c(data, crc=0):
    """CRC-32C (Castagnoli) of `data`, extending `crc`."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = _CRC_TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def mask(crc):
    """LevelDB/TF crc32c::Mask."""
    return ((((crc >> 15) | (crc << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def unmask(masked):
    rot = (masked - 0xA282EAD8) & 0xFFFFFFFF
    return ((rot >> 17) | (rot << 15)) & 0xFFFFFFFF


def invert_crc32c_4(crc):
    """The 4 bytes whose CRC-32C is `crc` (unique: CRC-32C is a bijection on
    4-byte strings, an affine map over GF(2)^32, solved by elimination)."""
    base = crc32c(b"\0\0\0\0")
    cols = []  # column j: crc(e_j) ^ crc(0), e_j = unit vector of bit j
    for j in range(32):
        v = (1 << j).to_bytes(4, "little")
        cols.append(crc32c(v) ^ base)
    target = crc ^ base
    # Solve sum_j x_j * cols[j] = target over GF(2).
    rows = []  # each row: (bit pattern over unknowns, rhs) for output bit i
    for i in range(32):
        pat = 0
        for j in range(32):
            if (cols[j] >> i) & 1:
                pat |= 1 << j
        rows.append([pat, (target >> i) & 1])
    n = 32
    r = 0
    pivots = []
    for c in range(n):
        p = next((k for k in range(r, 32) if (rows[k][0] >> c) & 1), None)
        if p is None:
            continue
        rows[r], rows[p] = rows[p], rows[r]
        for k in range(32):
            if k != r and (rows[k][0] >> c) & 1:
                rows[k][0] ^= rows[r][0]
                rows[k][1] ^= rows[r][1]
        pivots.append(c)
        r += 1
    x = 0
    for k, c in enumerate(pivots):
        if rows[k][1]:
            x |= 1 << c
    out = x.to_bytes(4, "little")
    assert crc32c(out) == crc
    return out


# --- protobuf wire format, just what the bundle protos need ----------------

def _varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _get_varint(buf, pos):
    v = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        v |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return v, pos


def _field(num, wire, payload):
    return _varint(num << 3 | wire) + payload


def _msg(num, body):
    return _field(num, 2, _varint(len(body)) + body)


def _uint(num, v):
    return _field(num, 0, _varint(v & 0xFFFFFFFFFFFFFFFF)) if v else b""


def _fields(buf):
    pos = 0
    while pos < len(buf):
        key, pos = _get_varint(buf, pos)
        num, wire = key >> 3, key & 7
        if wire == 0:
            v, pos = _get_varint(buf, pos)
        elif wire == 2:
            n, pos = _get_varint(buf, pos)
            v = buf[pos:pos + n]
            pos += n
        elif wire == 5:
            v = struct.unpack_from("<I", buf, pos)[0]
            pos += 4
        elif wire == 1:
            v = struct.unpack_from("<Q", buf, pos)[0]
            pos += 8
        else:
            raise ValueError("unsupported wire type %d" % wire)
        yield num, v


def encode_shape(shape):
    return b"".join(_msg(2, _uint(1, d) if d else b"") for d in shape)


def encode_entry(dtype, shape, shard, offset, size, crc_masked):
    return (_uint(1, dtype) + _msg(2, encode_shape(shape)) + _uint(3, shard) +
            _uint(4, offset) + _uint(5, size) +
            _field(6, 5, struct.pack("<I", crc_masked)))


def decode_entry(buf):
    e = {"dtype": 0, "shape": [], "shard_id": 0, "offset": 0, "size": 0,
         "crc32c": 0}
    for num, v in _fields(buf):
        if num == 1:
            e["dtype"] = v
        elif num == 2:
            for n2, dim in _fields(v):
                if n2 == 2:
                    size = 0
                    for n3, s in _fields(dim):
                        if n3 == 1:
                            size = s
                    e["shape"].append(size)
        elif num == 3:
            e["shard_id"] = v
        elif num == 4:
            e["offset"] = v
        elif num == 5:
            e["size"] = v
        elif num == 6:
            e["crc32c"] = v
    return e


def encode_header(num_shards=1):
    return _uint(1, num_shards) + _msg(3, _uint(1, 1))


def encode_object_graph(nodes):
    """A TrackableObjectGraph: nodes = [(children [(id, name)], attributes
    [(name, full_name, checkpoint_key)])]."""
    out = b""
    for children, attrs in nodes:
        body = b""
        for node_id, local in children:
            body += _msg(1, _uint(1, node_id) + _msg(2, local.encode()))
        for name, full, key in attrs:
            body += _msg(2, _msg(1, name.encode()) + _msg(2, full.encode()) +
                         _msg(3, key.encode()))
        out += _msg(1, body)
    return out


# --- tables -----------------------------------------------------------------

def _block(entries, restart_interval=16):
    out = bytearray()
    restarts = []
    prev = b""
    for i, (k, v) in enumerate(entries):
        if i % restart_interval == 0:
            restarts.append(len(out))
            shared = 0
        else:
            shared = 0
            while shared < min(len(prev), len(k)) and prev[shared] == k[shared]:
                shared += 1
        out += _varint(shared) + _varint(len(k) - shared) + _varint(len(v))
        out += k[shared:] + v
        prev = k
    if not restarts:
        restarts = [0]
    for r in restarts:
        out += struct.pack("<I", r)
    out += struct.pack("<I", len(restarts))
    return bytes(out)


def _with_trailer(contents):
    return contents + b"\0" + struct.pack("<I", mask(crc32c(contents + b"\0")))


def write_table(entries, block_entries=4):
    """A sorted string table of (key bytes, value bytes), keys sorted; data
    blocks of `block_entries` entries each (several blocks exercise the
    index)."""
    entries = sorted(entries)
    out = bytearray()
    index = []
    for i in range(0, max(len(entries), 1), block_entries):
        chunk = entries[i:i + block_entries]
        if not chunk:
            break
        contents = _block(chunk)
        handle = _varint(len(out)) + _varint(len(contents))
        out += _with_trailer(contents)
        index.append((chunk[-1][0], handle))
    meta = _block([])
    meta_handle = _varint(len(out)) + _varint(len(meta))
    out += _with_trailer(meta)
    idx = _block(index, restart_interval=1)
    idx_handle = _varint(len(out)) + _varint(len(idx))
    out += _with_trailer(idx)
    footer = meta_handle + idx_handle
    footer += b"\0" * (40 - len(footer)) + struct.pack("<Q", MAGIC)
    out += footer
    return bytes(out)


def read_table(data):
    """(key, value) pairs of a table, checking every block checksum."""
    assert struct.unpack_from("<Q", data, len(data) - 8)[0] == MAGIC, "magic"
    footer = data[-48:]
    pos = 0
    _, pos = _get_varint(footer, pos)
    _, pos = _get_varint(footer, pos)
    ioff, pos = _get_varint(footer, pos)
    isize, pos = _get_varint(footer, pos)

    def block(off, size):
        contents = data[off:off + size + 1]
        stored = unmask(struct.unpack_from("<I", data, off + size + 1)[0])
        assert stored == crc32c(contents), "block checksum"
        buf = data[off:off + size]
        n = struct.unpack_from("<I", buf, len(buf) - 4)[0]
        end = len(buf) - 4 - 4 * n
        p = 0
        key = b""
        while p < end:
            shared, p = _get_varint(buf, p)
            non, p = _get_varint(buf, p)
            vlen, p = _get_varint(buf, p)
            key = key[:shared] + buf[p:p + non]
            p += non
            yield key, buf[p:p + vlen]
            p += vlen

    out = []
    for _, handle in block(ioff, isize):
        off, p = _get_varint(handle, 0)
        size, p = _get_varint(handle, p)
        out.extend(block(off, size))
    return out


# --- bundles ----------------------------------------------------------------

def encode_tensor(value):
    """(dtype enum, shape, bytes) of a numpy array or a list of bytes
    (a string tensor)."""
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], bytes):
        lens = b"".join(_varint(len(s)) for s in value)
        body = lens + struct.pack("<I", mask(crc32c(lens))) + b"".join(value)
        return DT_STRING, [len(value)], body
    if isinstance(value, bytes):  # scalar string
        lens = _varint(len(value))
        return DT_STRING, [], lens + struct.pack("<I", mask(crc32c(lens))) + value
    a = np.array(value, order="C")
    return NUMPY_TO_DT[a.dtype], list(a.shape), a.astype(a.dtype.newbyteorder("<")).tobytes()


def write_bundle(prefix, tensors, num_shards=1):
    """Writes <prefix>.index and <prefix>.data-NNNNN-of-MMMMM holding
    `tensors` ({name: numpy array | bytes | [bytes]}); in name order, the
    i-th tensor goes to shard i % num_shards."""
    data = [bytearray() for _ in range(num_shards)]
    entries = [(b"", encode_header(num_shards))]
    for i, name in enumerate(sorted(tensors)):
        dtype, shape, body = encode_tensor(tensors[name])
        shard = i % num_shards
        entries.append((name.encode(), encode_entry(
            dtype, shape, shard, len(data[shard]), len(body),
            mask(crc32c(body)))))
        data[shard] += body
    with open(prefix + ".index", "wb") as f:
        f.write(write_table(entries))
    for shard in range(num_shards):
        with open(prefix + ".data-%05d-of-%05d" % (shard, num_shards), "wb") as f:
            f.write(bytes(data[shard]))


def read_bundle(prefix):
    """{name: numpy array (or list of bytes for strings)} of a bundle,
    verifying every checksum."""
    table = read_table(open(prefix + ".index", "rb").read())
    out = {}
    shards = {}
    num_shards = 1
    for key, value in table:
        if not key:
            for num, v in _fields(value):
                if num == 1:
                    num_shards = v
            continue
        e = decode_entry(value)
        if e["shard_id"] not in shards:
            shards[e["shard_id"]] = open(
                prefix + ".data-%05d-of-%05d" % (e["shard_id"], num_shards),
                "rb").read()
        buf = shards[e["shard_id"]][e["offset"]:e["offset"] + e["size"]]
        assert len(buf) == e["size"], "truncated shard"
        assert unmask(e["crc32c"]) == crc32c(buf), "crc of " + key.decode()
        if e["dtype"] == DT_STRING:
            n = int(np.prod(e["shape"])) if e["shape"] else 1
            p, lens = 0, []
            for _ in range(n):
                ln, p = _get_varint(buf, p)
                lens.append(ln)
            p += 4
            strs = []
            for ln in lens:
                strs.append(bytes(buf[p:p + ln]))
                p += ln
            out[key.decode()] = strs
        else:
            out[key.decode()] = np.frombuffer(
                buf, dtype=np.dtype(DTYPES[e["dtype"]]).newbyteorder("<")).reshape(e["shape"])
    return out


def read_index(prefix):
    """{name: entry dict} of <prefix>.index (the header under "")."""
    return {k.decode(): (decode_entry(v) if k else v)
            for k, v in read_table(open(prefix + ".index", "rb").read())}
