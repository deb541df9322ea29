#!/usr/bin/env python3
"""Reference reader of dotbox opening books, format versions 1 and 2.

The format's second implementation, to port from: written from docs/book-format.md and
following it section by section, in Python 3.10+ with the standard library only, sharing
no code with the Rust reader (src/book/). python/tests/test_book_format.py checks that the
two give the same value and move scores. It opens a book, checks its magic, version,
lengths and checksums, decodes the chunks (v2) or blocks (v1), finds where a position's
value lies and gives the value and every move's score of a position.

It is written to be read, not to be fast: locating a version-2 position lists the high masks
of its tile in pure Python, hundredths of a second in the 3x4 book but up to ten seconds
for a position of 9 lines in the 4x4 book.

    python3 scripts/book_reader.py www/books/3x4-d7.book --lines 0,5

prints the value and each move's score as JSON, like `dotbox analyze --json`'s.
"""

import argparse
import bisect
import collections
import itertools
import json
import re
import struct
import sys
import zlib

MAGIC = b"DOTBOXBK"


class BookError(ValueError):
    """The file is not a sound book of a version this reader knows: what is wrong."""


class QueryError(ValueError):
    """A position the book cannot answer (not on its board, or past its depth)."""


def popcount(mask):
    return int.bit_count(mask)


def lines_of(mask):
    """The set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def crc32(data):
    """CRC32, IEEE 802.3, as zlib computes it."""
    return zlib.crc32(data) & 0xFFFFFFFF


def read_varint(data, at, end):
    """An unsigned LEB128 varint of `data` at `at` (not past `end`): (value, next offset)."""
    value = shift = 0
    while True:
        if at >= end:
            raise BookError("a varint runs past its part of the file")
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at
        if shift >= 64:
            raise BookError("a varint is longer than 64 bits")


# ------------------------------------------------------------------------------------------
# The board (book-format.md, "Version 1": line numbering; "Symmetry identifier 1")


# The transforms of dot (row, col) of a board of R x C boxes, in the order of the table of
# "Addressing" (step 2); the last four map a board onto itself only when it is square.
DOT_TRANSFORMS = [
    lambda y, x, R, C: (y, x),  # identity
    lambda y, x, R, C: (y, C - x),  # left-right reflection
    lambda y, x, R, C: (R - y, x),  # top-bottom reflection
    lambda y, x, R, C: (R - y, C - x),  # half turn
    lambda y, x, R, C: (x, y),  # main diagonal
    lambda y, x, R, C: (C - x, R - y),  # other diagonal
    lambda y, x, R, C: (x, R - y),  # quarter turn
    lambda y, x, R, C: (C - x, y),  # quarter turn the other way
]


class Board:
    """R x C boxes. Horizontal line h(r, c) = r*C + c joins dots (r, c) and (r, c+1);
    vertical line v(r, c) = (R+1)*C + r*(C+1) + c joins dots (r, c) and (r+1, c)."""

    def __init__(self, rows, cols):
        if rows < 1 or cols < 1:
            raise BookError(f"bad board in header: {rows}x{cols}")
        self.rows, self.cols = rows, cols
        self.line_count = (rows + 1) * cols + rows * (cols + 1)
        if self.line_count > 64:
            raise BookError(f"bad board in header: {rows}x{cols} has more than 64 lines")
        self.boxes = [
            (self.h(r, c), self.h(r + 1, c), self.v(r, c), self.v(r, c + 1))
            for r in range(rows)
            for c in range(cols)
        ]
        boxes_beside = [0] * self.line_count
        for sides in self.boxes:
            for line in sides:
                boxes_beside[line] += 1
        self.border = [n == 1 for n in boxes_beside]

    @property
    def name(self):
        return f"{self.rows}x{self.cols}"

    def h(self, r, c):
        return r * self.cols + c

    def v(self, r, c):
        return (self.rows + 1) * self.cols + r * (self.cols + 1) + c

    def endpoints(self, line):
        if line < (self.rows + 1) * self.cols:
            r, c = divmod(line, self.cols)
            return (r, c), (r, c + 1)
        r, c = divmod(line - (self.rows + 1) * self.cols, self.cols + 1)
        return (r, c), (r + 1, c)

    def line_between(self, a, b):
        a, b = min(a, b), max(a, b)
        if a[0] == b[0] and a[1] + 1 == b[1]:
            return self.h(*a)
        return self.v(*a)

    def symmetries(self, fixed):
        """Every distinct symmetry mapping the line set `fixed` onto itself, as a tuple
        `perm` (line -> image), identity first."""
        R, C = self.rows, self.cols
        found = []
        for transform in DOT_TRANSFORMS[: 8 if R == C else 4]:
            perm = []
            for line in range(self.line_count):
                a, b = self.endpoints(line)
                perm.append(self.line_between(transform(*a, R, C), transform(*b, R, C)))
            perm = tuple(perm)
            if permute(fixed, perm) == fixed and perm not in found:
                found.append(perm)
        return found

    def interchangeable_sets(self, fixed):
        """For every box, its border lines not in `fixed`, where there are at least two:
        each set as a line mask."""
        sets = []
        for sides in self.boxes:
            open_border = [l for l in sides if self.border[l] and not fixed >> l & 1]
            if len(open_border) >= 2:
                sets.append(sum(1 << l for l in open_border))
        return sets

    def completes(self, mask, line):
        """Boxes that drawing `line` in position `mask` completes (0, 1 or 2)."""
        after = mask | 1 << line
        return sum(
            1 for sides in self.boxes if line in sides and all(after >> l & 1 for l in sides)
        )


def permute(mask, perm):
    """The image of a line mask under a permutation of its bits."""
    out = 0
    for line in lines_of(mask):
        out |= 1 << perm[line]
    return out


def canonical_in_sets(mask, sets):
    """`mask` with the drawn lines of each interchangeable set (disjoint masks over the same
    bits) moved to the set's lowest bits."""
    out = mask
    for s in sets:
        drawn = popcount(mask & s)
        out &= ~s
        for bit in itertools.islice(lines_of(s), drawn):
            out |= 1 << bit
    return out


class BitPermutation:
    """A permutation of the bits of masks of up to 64 bits, applied a byte at a time."""

    def __init__(self, perm):
        self.tables = []
        for start in range(0, len(perm), 8):
            table = [0] * 256
            for byte in range(256):
                for i in range(8):
                    if byte >> i & 1 and start + i < len(perm):
                        table[byte] |= 1 << perm[start + i]
            self.tables.append(table)

    def __call__(self, mask):
        out = 0
        for table in self.tables:
            out |= table[mask & 0xFF]
            mask >>= 8
        return out


# ------------------------------------------------------------------------------------------
# Version 2: fixed header and index ("Fixed header (48 bytes)", "Reading rules")

V2_FIXED_LEN = 48

# One layer of a v2 book: its stream's length S_d, its model, and its chunks' numbers.
V2Layer = collections.namedtuple("V2Layer", "stream_len model first_chunk chunk_count")


class LayerModel:
    """A layer's symbols and its (k+1) rows of 24-bit probabilities: row j < k after symbol
    j, row k for a chunk's first symbol."""

    PRECISION = 24

    def __init__(self, symbols, rows):
        self.symbols = symbols
        self.rows = rows
        self.starts = [[sum(row[:j]) for j in range(len(row))] for row in rows]

    def decode(self, data, n):
        """The n values a chunk's bytes code ("Chunks", step by step)."""
        if len(data) % 4:
            raise BookError(f"{len(data)} bytes are not whole 32-bit words")
        words = list(struct.unpack(f"<{len(data) // 4}I", data))
        if words and words[-1] == 0:
            raise BookError("the compressed data ends in a zero word")
        state = 0
        if words:
            state = words.pop()
            if words:
                state = state << 32 | words.pop()
        mask = (1 << self.PRECISION) - 1
        row = len(self.symbols)
        values = []
        for _ in range(n):
            q = state & mask
            s = bisect.bisect_right(self.starts[row], q) - 1
            state = (state >> self.PRECISION) * self.rows[row][s] + q - self.starts[row][s]
            if state < 1 << 32 and words:
                state = state << 32 | words.pop()
            values.append(self.symbols[s])
            row = s
        if state != 0 or words:
            raise BookError("compressed data is left after the last value")
        return values


def header_board(rows, cols, predrawn, depth):
    """The board a header declares, checked with its pre-drawn lines and depth K (both
    versions): the pre-drawn lines on the board, K from 1 to its open lines."""
    board = Board(rows, cols)
    if predrawn >> board.line_count:
        raise BookError("bad pre-drawn lines in header: a line off the board")
    open_lines = board.line_count - popcount(predrawn)
    if not 1 <= depth <= open_lines:
        raise BookError(f"depth {depth} is not from 1 to the board's {open_lines} open lines")
    return board


class BookV2:
    """A version-2 book read whole: header, index, every checksum, and the layout its
    fingerprint names."""

    def __init__(self, data):
        self.data = data
        if len(data) < V2_FIXED_LEN:
            raise BookError(f"truncated: {len(data)} bytes, a header takes {V2_FIXED_LEN}")
        rows, cols, self.predrawn, self.depth, self.chunk_log2 = struct.unpack_from(
            "<BBQBB", data, 10
        )
        index_len, file_len, chunk_count, fingerprint_len = struct.unpack_from(
            "<QQIH", data, 24
        )
        if data[22:24] != b"\0\0" or data[46:48] != b"\0\0":
            raise BookError("reserved header bytes are not zero")
        self.board = header_board(rows, cols, self.predrawn, self.depth)
        if not 4 <= self.chunk_log2 <= 24:
            raise BookError(f"chunks of 2^{self.chunk_log2} positions")
        # Only now are the lengths believed (a damaged one is a corrupt header, not a cut file).
        if index_len > file_len:
            raise BookError(
                f"the index length (bytes 24-31) is {index_len}, more than the file length "
                f"(bytes 32-39) {file_len} allows"
            )
        if index_len < V2_FIXED_LEN + 4:
            raise BookError(f"the index length (bytes 24-31) is {index_len}, too small")
        if len(data) < index_len:
            raise BookError(f"truncated: {len(data)} bytes, the index alone takes {index_len}")
        body = index_len - 4
        (stored,) = struct.unpack_from("<I", data, body)
        if crc32(data[:body]) != stored:
            raise BookError("index checksum mismatch")
        at = V2_FIXED_LEN + fingerprint_len
        if at > body:
            raise BookError("the layout fingerprint runs past the index")
        try:
            self.fingerprint = data[V2_FIXED_LEN:at].decode("utf-8")
        except UnicodeDecodeError:
            raise BookError("the layout fingerprint is not UTF-8 text") from None
        self.layers = []
        first_chunk = 0
        for d in range(self.depth + 1):
            if at + 10 > body:
                raise BookError("the layer table runs past the index")
            stream_len, k = struct.unpack_from("<QH", data, at)
            at += 10
            if not 1 <= k <= 255 or at + k > body:
                raise BookError(f"layer {d}: a model of {k} symbols")
            symbols = list(struct.unpack_from(f"<{k}b", data, at))
            at += k
            if any(a >= b for a, b in zip(symbols, symbols[1:])):
                raise BookError(f"layer {d}: the symbols do not increase")
            rows = []
            for _ in range(k + 1):
                row = []
                for _ in range(k):
                    p, at = read_varint(data, at, body)
                    row.append(p)
                if min(row) < 1 or sum(row) != 1 << LayerModel.PRECISION:
                    raise BookError(f"layer {d}: a model row does not sum to 2^24")
                rows.append(row)
            chunk_count_d = -(-stream_len // (1 << self.chunk_log2))
            model = LayerModel(symbols, rows)
            self.layers.append(V2Layer(stream_len, model, first_chunk, chunk_count_d))
            first_chunk += chunk_count_d
        if first_chunk != chunk_count or body - at != 8 * chunk_count:
            raise BookError(f"the chunk table does not hold the header's {chunk_count} chunks")
        self.chunks = []  # (offset, length, CRC32)
        offset = index_len
        for i in range(chunk_count):
            length, crc = struct.unpack_from("<II", data, at + 8 * i)
            self.chunks.append((offset, length, crc))
            offset += length
        if offset != file_len:
            raise BookError(f"the chunks end at byte {offset}, the header says {file_len}")
        if len(data) < file_len:
            raise BookError(f"truncated: {len(data)} bytes, expected {file_len}")
        if len(data) > file_len:
            raise BookError(f"{len(data) - file_len} bytes follow the declared end of the book")
        for i, (offset, length, crc) in enumerate(self.chunks):
            if crc32(data[offset : offset + length]) != crc:
                raise BookError(f"chunk {i}: checksum mismatch")
        self.layout = Layout(self.board, self.predrawn, self.fingerprint)
        for d, layer in enumerate(self.layers):
            expected = self.layout.layer_length(d)
            if layer.stream_len != expected:
                raise BookError(
                    f"layer {d} is {layer.stream_len} positions long in the book, "
                    f"{expected} in the layout"
                )
        self.decoded = {}

    def decode_chunk(self, i):
        """The values of chunk i, after checking its CRC32."""
        if i not in self.decoded:
            offset, length, crc = self.chunks[i]
            data = self.data[offset : offset + length]
            if crc32(data) != crc:
                raise BookError(f"chunk {i}: checksum mismatch")
            layer = next(
                layer
                for layer in self.layers
                if layer.first_chunk <= i < layer.first_chunk + layer.chunk_count
            )
            size = 1 << self.chunk_log2
            n = min(size, layer.stream_len - (i - layer.first_chunk) * size)
            try:
                self.decoded[i] = layer.model.decode(data, n)
            except BookError as e:
                raise BookError(f"chunk {i}: {e}") from None
        return self.decoded[i]

    def value(self, position):
        """The stored value of `position` (a line mask, pre-drawn lines included)."""
        check_depth(self, position)
        d, index = self.layout.locate(position)
        values = self.decode_chunk(self.layers[d].first_chunk + (index >> self.chunk_log2))
        return values[index & ((1 << self.chunk_log2) - 1)]


# ------------------------------------------------------------------------------------------
# Version 2: addressing ("Addressing: where a position's value lies")

FINGERPRINT = re.compile(
    r"retro-v1 (\d+)x(\d+) base=([0-9a-f]{16}) penalty=(-?\d+) lo=(\d+)"
    r"(?: high=(\d+(?:\.\d+)*))? order=(\d+(?:\.\d+)*)"
)
BLOCK_ALIGN = 16


class LineGroup:
    """One group of local lines: its interchangeable sets and canonical masks by size."""

    def __init__(self, bits, sets):
        self.bits = bits
        self.sets = sets
        self._masks = {}
        self._ranks = {}

    def canonical(self, mask):
        return canonical_in_sets(mask, self.sets)

    def masks(self, k):
        """The canonical masks with k lines, in increasing order."""
        if k not in self._masks:
            all_k = (sum(1 << b for b in c) for c in itertools.combinations(range(self.bits), k))
            self._masks[k] = sorted(m for m in all_k if self.canonical(m) == m)
        return self._masks[k]

    def count(self, k):
        return len(self.masks(k))

    def rank(self, mask):
        """The rank of `mask`'s canonical form among the canonical masks of its size."""
        k = popcount(mask)
        if k not in self._ranks:
            self._ranks[k] = {m: r for r, m in enumerate(self.masks(k))}
        return self._ranks[k][self.canonical(mask)]


class Layout:
    """The retrograde layout a v2 book's fingerprint names: groups of local lines,
    symmetries and interchangeable sets, and from them each position's (layer, index)."""

    def __init__(self, board, base, fingerprint):
        match = FINGERPRINT.fullmatch(fingerprint)
        if not match:
            raise BookError(f"unknown layout fingerprint {fingerprint!r}")
        rows, cols, fp_base, penalty, n_lo, high, order = match.groups()
        if (int(rows), int(cols), int(fp_base, 16)) != (board.rows, board.cols, base):
            raise BookError(f"the fingerprint {fingerprint!r} is not of the header's board")
        if int(penalty) != 0:
            raise BookError(f"the fingerprint names last-move penalty {penalty}, a book has 0")
        self.order = [int(line) for line in order.split(".")]
        open_lines = [l for l in range(board.line_count) if not base >> l & 1]
        if sorted(self.order) != open_lines:
            raise BookError("the fingerprint's line order is not the board's open lines")
        self.n_lo = int(n_lo)
        n_hi = len(self.order) - self.n_lo
        high_sizes = [int(n) for n in high.split(".")] if high else [n_hi]
        if self.n_lo > len(self.order) or sum(high_sizes) != n_hi:
            raise BookError("the fingerprint's group sizes do not add up to its open lines")
        local_of = {line: j for j, line in enumerate(self.order)}
        # Groups as ranges of local lines: low first, then the high groups.
        bounds = [(0, self.n_lo)]
        for size in high_sizes:
            bounds.append((bounds[-1][1], bounds[-1][1] + size))

        def group_of(j):
            return next(g for g, (lo, hi) in enumerate(bounds) if lo <= j < hi)

        # Interchangeable sets, as group-local masks of their group.
        group_sets = [[] for _ in bounds]
        for s in board.interchangeable_sets(base):
            local = [local_of[l] for l in lines_of(s)]
            groups = {group_of(j) for j in local}
            if len(groups) != 1:
                raise BookError("an interchangeable set spans two groups of the fingerprint")
            g = groups.pop()
            group_sets[g].append(sum(1 << (j - bounds[g][0]) for j in local))
        self.low = LineGroup(self.n_lo, group_sets[0])
        self.high_groups = [
            LineGroup(hi - lo, sets) for (lo, hi), sets in zip(bounds[1:], group_sets[1:])
        ]
        self.high_shifts = [lo - self.n_lo for lo, _ in bounds[1:]]
        # High sets as masks of the whole high mask (first high group lowest).
        self.high_sets = [
            s << shift for g, shift in zip(self.high_groups, self.high_shifts) for s in g.sets
        ]
        # Symmetries as permutations of local lines; every group must map onto itself, else
        # the layout uses the identity alone.
        local_perms = [
            [local_of[perm[line]] for line in self.order] for perm in board.symmetries(base)
        ]
        if any(group_of(p[j]) != group_of(j) for p in local_perms for j in range(len(p))):
            local_perms = local_perms[:1]
        self.low_perms = [p[: self.n_lo] for p in local_perms]
        self.high_perms = [[j - self.n_lo for j in p[self.n_lo :]] for p in local_perms]
        self.high_maps = [BitPermutation(p) for p in self.high_perms]
        self._representatives = {}
        self._fixed = None
        self._tile_starts = {}

    # --- high masks: representatives and blocks

    def high_counts(self, high):
        return tuple(
            popcount(high >> shift & ((1 << g.bits) - 1))
            for g, shift in zip(self.high_groups, self.high_shifts)
        )

    def representative(self, high):
        """(the smallest canonical image of high mask `high` over the symmetries, the first
        symmetry reaching it)."""
        best, best_sym = canonical_in_sets(high, self.high_sets), 0
        for s, apply in enumerate(self.high_maps[1:], start=1):
            image = canonical_in_sets(apply(high), self.high_sets)
            if image < best:
                best, best_sym = image, s
        return best, best_sym

    def representatives(self, counts):
        """Every high mask with `counts` lines per high group that is its own representative,
        in increasing order: the blocks of a tile with those high counts."""
        if counts not in self._representatives:
            parts = [
                [m << shift for m in g.masks(k)]
                for g, shift, k in zip(self.high_groups, self.high_shifts, counts)
            ]
            reps = []
            # The last group outermost, so the masks come in increasing order.
            for combo in itertools.product(*reversed(parts)):
                high = sum(combo)
                if self.representative(high)[0] == high:
                    reps.append(high)
            self._representatives[counts] = reps
        return self._representatives[counts]

    def block_count(self, counts):
        """Blocks of a tile with high counts `counts`: how many representatives have those
        counts, by Burnside's lemma (the mean, over every pair of a symmetry and a
        permutation inside the interchangeable sets, of the high masks the pair fixes), so
        a layer is measured without listing its masks."""
        if self._fixed is None:
            self._fixed = self._fixed_counts()
        total = 0
        for per_group in self._fixed:
            product = 1
            for fixed, k in zip(per_group, counts):
                product *= fixed[k]
            total += product
        return total // len(self._fixed)

    def _fixed_counts(self):
        """For every pair of a symmetry s and a permutation p of the lines inside each high
        set, and for every high group: how many of the group's masks with k lines s then p
        fixes, for every k. Those masks draw each cycle whole or not at all: the coefficient
        of x^k in the product of (1 + x^length) over the group's cycles."""
        n_hi = len(self.high_perms[0])
        swaps = [list(range(n_hi))]  # every permutation inside the sets, as a bit map
        for s in self.high_sets:
            bits = list(lines_of(s))
            extended = []
            for order in itertools.permutations(bits):
                for swap in swaps:
                    swap = swap.copy()
                    for bit, image in zip(bits, order):
                        swap[bit] = image
                    extended.append(swap)
            swaps = extended
        table = []
        for perm in self.high_perms:
            for swap in swaps:
                pair = [swap[perm[i]] for i in range(n_hi)]
                table.append(
                    [
                        fixed_masks_by_count(pair, shift, group.bits)
                        for group, shift in zip(self.high_groups, self.high_shifts)
                    ]
                )
        return table

    # --- tiles and streams

    def stride(self, low_count):
        """Values per block: canonical low masks with `low_count` lines, padded to 16."""
        return -(-self.low.count(low_count) // BLOCK_ALIGN) * BLOCK_ALIGN

    def layer_tiles(self, d):
        """The tiles (counts per high group, then the low count) of layer d, in stream order:
        increasing counts, the first high group most significant, the low count fastest."""
        sizes = [g.bits for g in self.high_groups] + [self.n_lo]
        return [
            counts
            for counts in itertools.product(*(range(n + 1) for n in sizes))
            if sum(counts) == d
        ]

    def tile_starts(self, d):
        """({tile: its start in layer d's stream}, the stream's length)."""
        if d not in self._tile_starts:
            starts, at = {}, 0
            for tile in self.layer_tiles(d):
                starts[tile] = at
                at += self.block_count(tile[:-1]) * self.stride(tile[-1])
            self._tile_starts[d] = (starts, at)
        return self._tile_starts[d]

    def layer_length(self, d):
        return self.tile_starts(d)[1]

    def locate(self, position):
        """(layer, index in the layer's stream) of `position` (a line mask containing the
        base)."""
        local = 0
        for j, line in enumerate(self.order):
            local |= (position >> line & 1) << j
        low = local & ((1 << self.n_lo) - 1)
        high = local >> self.n_lo
        counts = self.high_counts(high)
        tile = counts + (popcount(low),)
        d = sum(tile)
        rep, sym = self.representative(high)
        block = bisect.bisect_left(self.representatives(counts), rep)
        offset = self.low.rank(permute(low, self.low_perms[sym]))
        starts, _ = self.tile_starts(d)
        return d, starts[tile] + block * self.stride(tile[-1]) + offset


def fixed_masks_by_count(perm, start, bits):
    """For every k, how many masks of the `bits` bits from `start` with k set the permutation
    `perm` (of all the bits, mapping these onto themselves) fixes: the coefficient of x^k in
    the product, over its cycles there, of (1 + x^length)."""
    poly = [1] + [0] * bits
    seen = set()
    for first in range(start, start + bits):
        length, at = 0, first
        while at not in seen:
            seen.add(at)
            length += 1
            at = perm[at]
        if length:
            for k in range(bits, length - 1, -1):
                poly[k] += poly[k - length]
    return poly


# ------------------------------------------------------------------------------------------
# Version 1 ("Header (40 bytes)", "Layer table", "Encoding identifier 1", "Reading rules")

V1_HEADER_LEN = 40
V1_BLOCK = 256

# One layer of a v1 book: its entry count, its block index [(first mask, data offset)], and
# where its values and its data start in the file, and the data's length.
V1Layer = collections.namedtuple("V1Layer", "count block_index values_at data_at data_len")


class BookV1:
    """A version-1 book: canonical masks and their values, in layers of delta-varint blocks."""

    def __init__(self, data):
        self.data = data
        if len(data) < V1_HEADER_LEN:
            raise BookError(f"truncated: {len(data)} bytes, a header takes {V1_HEADER_LEN}")
        (rows, cols, self.predrawn, self.depth, encoding, symmetry, reserved, entries,
         file_len) = struct.unpack_from("<BBQBBBBQQ", data, 10)
        if reserved:
            raise BookError(f"reserved header byte is {reserved}")
        self.board = header_board(rows, cols, self.predrawn, self.depth)
        # The longest file `entries` entries in depth+1 layers can take: a larger declared
        # length is a damaged field, not a file cut short.
        longest = V1_HEADER_LEN + 4 + 16 * (self.depth + 1) + 23 * entries
        if file_len > longest:
            raise BookError(
                f"the file length (bytes 32-39) is {file_len}, more than its {entries} "
                f"entries in {self.depth + 1} layers can take (at most {longest})"
            )
        if len(data) < file_len:
            raise BookError(f"truncated: {len(data)} bytes, expected {file_len}")
        if len(data) > file_len:
            raise BookError(f"{len(data) - file_len} bytes follow the declared end of the book")
        if len(data) < V1_HEADER_LEN + 4:
            raise BookError(f"declared length {len(data)} is too small")
        (stored,) = struct.unpack_from("<I", data, len(data) - 4)
        if crc32(data[:-4]) != stored:
            raise BookError("checksum mismatch")
        if encoding != 1:
            raise BookError(f"unknown entry encoding {encoding} (this reader knows 1)")
        if symmetry != 1:
            raise BookError(f"unknown symmetry scheme {symmetry} (this reader knows 1)")
        end = len(data) - 4
        at = V1_HEADER_LEN + 16 * (self.depth + 1)
        if at > end:
            raise BookError("the layer table runs past the checksum")
        self.layers = []
        for d in range(self.depth + 1):
            count, data_len = struct.unpack_from("<QQ", data, V1_HEADER_LEN + 16 * d)
            blocks = -(-count // V1_BLOCK)
            if at + 12 * blocks + count + data_len > end:
                raise BookError(f"layer {d} runs past the checksum")
            index = [struct.unpack_from("<QI", data, at + 12 * b) for b in range(blocks)]
            at += 12 * blocks
            for (mask_a, off_a), (mask_b, off_b) in zip(index, index[1:]):
                if mask_a >= mask_b or off_a > off_b:
                    raise BookError(f"layer {d}: the block index is out of order")
            if index and (index[0][1] != 0 or index[-1][1] > data_len):
                raise BookError(f"layer {d}: the block index is out of order")
            self.layers.append(V1Layer(count, index, at, at + count, data_len))
            at += count + data_len
        if at != end:
            raise BookError("the layers do not fill the space before the checksum")
        if sum(layer.count for layer in self.layers) != entries:
            raise BookError(f"the entry count {entries} does not match the layers")
        self.symmetries = self.board.symmetries(self.predrawn)
        self.sets = self.board.interchangeable_sets(self.predrawn)

    def canonical(self, position):
        """The smallest mask over the symmetries, each image's interchangeable sets
        canonicalised."""
        return min(canonical_in_sets(permute(position, p), self.sets) for p in self.symmetries)

    def block_masks(self, layer, b):
        """The masks of block b of a layer, decoded."""
        layer_d = self.layers[layer]
        first, offset = layer_d.block_index[b]
        is_last = b + 1 == len(layer_d.block_index)
        end = layer_d.data_len if is_last else layer_d.block_index[b + 1][1]
        at = layer_d.data_at + offset
        masks = [first]
        for _ in range(min(V1_BLOCK, layer_d.count - V1_BLOCK * b) - 1):
            delta, at = read_varint(self.data, at, layer_d.data_at + end)
            if delta < 1:
                raise BookError(f"layer {layer}, block {b}: masks do not increase")
            masks.append(masks[-1] + delta)
        return masks

    def value(self, position):
        """The stored value of `position` (a line mask, pre-drawn lines included)."""
        d = check_depth(self, position)
        mask = self.canonical(position)
        layer = self.layers[d]
        b = bisect.bisect_right([first for first, _ in layer.block_index], mask) - 1
        masks = self.block_masks(d, b) if b >= 0 else []
        j = bisect.bisect_left(masks, mask)
        if j == len(masks) or masks[j] != mask:
            raise BookError(f"position {mask:#x} is missing from layer {d}")
        return struct.unpack_from("<b", self.data, layer.values_at + V1_BLOCK * b + j)[0]


# ------------------------------------------------------------------------------------------
# Both versions: opening a book, and a position's value and move scores ("Move scores")


def check_depth(book, position):
    """Lines `position` draws beyond the book's pre-drawn ones, at most the book's depth."""
    if position & book.predrawn != book.predrawn or position >> book.board.line_count:
        raise QueryError(f"{position:#x} is not a position of the book's board")
    beyond = popcount(position & ~book.predrawn)
    if beyond > book.depth:
        raise QueryError(
            f"{beyond} lines drawn beyond the pre-drawn ones; the book holds {book.depth}"
        )
    return beyond


def open_book(path):
    """The book at `path`, read whole and checked: a BookV1 or a BookV2."""
    with open(path, "rb") as f:
        return read_book(f.read())


def read_book(data):
    """The book whose file holds `data`: the magic, then the version, then that version's
    checks."""
    if not data:
        raise BookError("the file is empty (0 bytes), not a dotbox book")
    if data[: len(MAGIC)] != MAGIC[: len(data)]:
        raise BookError("not a dotbox book (the file lacks the book's magic bytes)")
    if len(data) < len(MAGIC) + 2:
        raise BookError(f"truncated: {len(data)} bytes")
    (version,) = struct.unpack_from("<H", data, len(MAGIC))
    if version == 1:
        return BookV1(data)
    if version == 2:
        return BookV2(data)
    raise BookError(f"book format version {version} is not supported (this reader reads 1 and 2)")


def analyze(book, lines=(), board=None):
    """The value and every move's score of the position of `book`'s board with `lines` drawn
    (besides the pre-drawn ones): {"board", "lines", "value", "moves": [{"line", "score"}]},
    moves in line order. `board` ("RxC"), if given, must be the book's."""
    if board is not None and board != book.board.name:
        raise QueryError(f"the book is for {book.board.name}, not for {board}")
    position = book.predrawn
    for line in lines:
        if not 0 <= line < book.board.line_count:
            raise QueryError(f"line {line} does not exist on {book.board.name}")
        position |= 1 << line
    beyond = popcount(position & ~book.predrawn)
    open_lines = [l for l in range(book.board.line_count) if not position >> l & 1]
    if beyond >= book.depth and open_lines:
        raise QueryError(
            f"the position has {beyond} lines drawn beyond the pre-drawn ones; the book gives "
            f"move scores for positions with at most {book.depth - 1}"
        )
    moves = []
    for line in open_lines:
        boxes = book.board.completes(position, line)
        child = book.value(position | 1 << line)
        moves.append({"line": line, "score": boxes + child if boxes else -child})
    value = max((m["score"] for m in moves), default=0)
    return {"board": book.board.name, "lines": list(lines), "value": value, "moves": moves}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("book", help="a dotbox book file (format version 1 or 2)")
    parser.add_argument("--lines", default="", help="drawn lines, comma-separated (0,5)")
    args = parser.parse_args(argv)
    try:
        lines = [int(l) for l in args.lines.split(",") if l.strip()]
    except ValueError:
        parser.error(f"--lines: {args.lines!r} is not a list of line numbers")
    try:
        print(json.dumps(analyze(open_book(args.book), lines)))
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
