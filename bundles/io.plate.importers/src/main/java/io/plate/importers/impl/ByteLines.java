package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a UTF-8 byte stream as lines of raw bytes, in fixed-size chunks, for parsers whose common case
 * is plain ASCII (LIBSVM rows): such a line is parsed from its bytes, with no decoding and no copy, and
 * any other line is decoded on request by {@link #decode}, strictly, with the same failures and the same
 * line numbers as {@link TextInput}: a malformed sequence or a NUL character fails, naming the line,
 * whichever comes first in the line. A leading UTF-8 byte-order mark is dropped. Lines end at
 * {@code \n}, {@code \r\n} or a lone {@code \r}; {@link #line()} is the 1-based number of the current line.
 */
final class ByteLines implements Closeable {
    private static final int CHUNK = 1 << 16;

    private final InputStream in;
    private final Path file;
    private byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private long line;
    private int from;
    private int to;
    private CharsetDecoder decoder;
    private LineLimit lineLimit = LineLimit.defaults();

    ByteLines(InputStream in, Path file) {
        this.in = in;
        this.file = file;
        int size = CHUNK;
        try {
            // a small input needs no 64 KiB buffer (the fuzz test reads many tiny inputs)
            size = (int) Math.max(64, Math.min(CHUNK, (long) in.available() + 16));
        } catch (IOException e) {
            // keep the default: the size is only a hint
        }
        this.buf = new byte[size];
        while (limit < 3 && !eof) {
            read();
        }
        if (limit >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF) {
            pos = 3;
        }
    }

    /** Lines longer (in bytes) than {@code limit} allows fail, as in {@link TextInput#limitLines}; returns this. */
    ByteLines limitLines(LineLimit limit) {
        this.lineLimit = limit;
        return this;
    }

    /** Bytes held (the line buffer's capacity). */
    long heldBytes() {
        return 16 + buf.length;
    }

    /** Moves to the next line; false at the end of the input. */
    boolean next() {
        int scan = pos;
        while (true) {
            byte[] b = buf;
            int l = limit;
            int p = scan;
            byte c;
            while (p < l && ((c = b[p]) > '\r' || (c != '\n' && c != '\r'))) { // one test for most bytes
                p++;
            }
            if (p < l && (b[p] == '\n' || p + 1 < l || eof)) {
                from = pos;
                to = p;
                pos = p + 1;
                if (b[p] == '\r' && pos < l && b[pos] == '\n') {
                    pos++;
                }
                line++;
                return true;
            }
            if (eof) {
                if (pos == l) {
                    return false;
                }
                from = pos;
                to = l;
                pos = l;
                line++;
                return true;
            }
            scan = p - pos; // where the scan goes on after the unread part moves to the front
            compactAndRead();
        }
    }

    /** Moves the unread bytes to the front (growing the buffer for a long line) and reads more. */
    private void compactAndRead() {
        int rest = limit - pos;
        lineLimit.check(file, line + 1, rest);
        if (rest == buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, 2L * buf.length));
        } else if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, rest);
        }
        pos = 0;
        limit = rest;
        read();
    }

    private void read() {
        try {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
        } catch (IOException e) {
            throw Sources.readFailure(file, line + 1, e);
        }
    }

    /** The buffer that holds the current line at {@code [from(), to())}; valid until the next {@link #next}. */
    byte[] bytes() {
        return buf;
    }

    int from() {
        return from;
    }

    int to() {
        return to;
    }

    /** 1-based number of the current line; 0 before the first. */
    long line() {
        return line;
    }

    /**
     * Decodes the current line up to its first {@code #} into {@code out} (cleared first): a LIBSVM comment
     * is not read, so its bytes may be in any encoding, as scikit-learn's loader skips them. Fails as
     * {@link TextInput} does on the first NUL character or malformed UTF-8 sequence before it.
     */
    void decode(CharBuf out) {
        int end = from;
        while (end < to && buf[end] != '#') { // '#' is never part of a multi-byte UTF-8 sequence
            end++;
        }
        if (decoder == null) {
            decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
        }
        out.clear();
        out.ensure(end - from);
        ByteBuffer src = ByteBuffer.wrap(buf, from, end - from);
        CharBuffer dst = CharBuffer.wrap(out.chars);
        decoder.reset();
        CoderResult r = decoder.decode(src, dst, true);
        if (!r.isError()) {
            r = decoder.flush(dst);
        }
        int n = dst.position();
        for (int i = 0; i < n; i++) {
            if (out.chars[i] == 0) {
                throw new ImportException(file, line, null,
                        "binary file: NUL byte at character " + (i + 1) + " of the line; expected text");
            }
        }
        if (r.isError()) {
            throw new ImportException(file, line, null,
                    "invalid UTF-8 byte sequence; expected text encoded as UTF-8");
        }
        out.length = n;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // nothing was lost: everything needed has been read
        }
    }
}
