package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Reads a byte stream as lines of text in fixed-size chunks, never holding the whole file.
 *
 * <p>Decoding is strict: a malformed byte sequence fails with an {@link ImportException} that names the
 * line where it occurs (every character before it has been delivered first), and a NUL character marks a
 * binary file. A leading byte-order mark is dropped. Lines end at {@code \n}, {@code \r\n} or a lone
 * {@code \r}; {@link #line()} is the 1-based number of the line last returned.
 */
final class TextInput implements Closeable {
    private static final int CHUNK = 1 << 16;

    private final InputStream in;
    private final Path file;
    private final CharsetDecoder decoder;
    private final String charsetName;
    private final byte[] bytes;
    private final ByteBuffer byteBuffer;
    private final char[] chars;
    private final CharBuffer charBuffer;
    private int pos;
    private int limit;
    private boolean eof;
    private boolean malformed;
    private boolean first;
    private long line;
    private long bytesRead;
    private LineLimit lineLimit = LineLimit.defaults();
    /** Whether the input starts with UTF-16's byte-order mark (told when it fails as UTF-8). */
    private boolean utf16;
    private boolean hintEncoding;

    TextInput(InputStream in, Path file) {
        this(in, file, StandardCharsets.UTF_8);
    }

    TextInput(InputStream in, Path file, Charset charset) {
        this(in, file, charset, true);
    }

    /** With {@code atStart} false the input is a later part of a file: a leading U+FEFF is kept as text. */
    TextInput(InputStream in, Path file, Charset charset, boolean atStart) {
        this.first = atStart;
        this.in = in;
        this.file = file;
        int size = CHUNK;
        try {
            // a small input needs no 64 KiB buffers (the fuzz test reads 100,000 tiny inputs)
            size = (int) Math.max(64, Math.min(CHUNK, (long) in.available() + 16));
        } catch (IOException e) {
            // keep the default: the size is only a hint
        }
        this.bytes = new byte[size];
        this.byteBuffer = ByteBuffer.wrap(bytes);
        this.chars = new char[size];
        this.charBuffer = CharBuffer.wrap(chars);
        this.charsetName = charset.name();
        this.decoder = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        byteBuffer.limit(0);
    }

    /** A malformed UTF-8 sequence's message names the {@code --encoding} to give (the importer takes one); returns this. */
    TextInput hintEncoding() {
        this.hintEncoding = true;
        return this;
    }

    /** Lines longer than {@code limit} allows fail ({@code --max-line}, and the heap); returns this. */
    TextInput limitLines(LineLimit limit) {
        this.lineLimit = limit;
        return this;
    }

    /** 1-based number of the line last returned by {@link #readLine}; 0 before the first. */
    long line() {
        return line;
    }

    Path file() {
        return file;
    }

    /** Bytes consumed from the stream so far. */
    long bytesRead() {
        return bytesRead;
    }

    /**
     * Reads the next line into {@code out} (cleared first), without its terminator.
     *
     * @return false at the end of the input (then {@code out} is empty)
     */
    boolean readLine(CharBuf out) {
        out.clear();
        boolean any = false;
        while (true) {
            if (pos == limit && !fill()) {
                if (any) {
                    line++;
                }
                return any;
            }
            any = true;
            char[] c = chars;
            int p = pos;
            int l = limit;
            while (p < l) {
                char ch = c[p];
                if (ch == '\n' || ch == '\r') {
                    lineLimit.check(file, line + 1, (long) out.length + p - pos);
                    out.append(c, pos, p - pos);
                    pos = p + 1;
                    line++;
                    if (ch == '\r') {
                        if (pos == limit && !malformed) { // a bad byte after it is the next line's error, not this one's
                            fill();
                        }
                        if (pos < limit && chars[pos] == '\n') {
                            pos++;
                        }
                    }
                    return true;
                }
                if (ch == 0) {
                    out.append(c, pos, p - pos);
                    pos = p;
                    throw new ImportException(file, line + 1, null,
                            "binary file: NUL byte at character " + (out.length + 1) + " of the line; expected text");
                }
                p++;
            }
            lineLimit.check(file, line + 1, (long) out.length + p - pos);
            out.append(c, pos, p - pos);
            pos = p;
        }
    }

    /** Refills the char buffer; false at end of input. Throws once the malformed sequence is reached. */
    private boolean fill() {
        if (malformed) {
            throw new ImportException(file, line + 1, null, malformedMessage());
        }
        if (eof && !byteBuffer.hasRemaining()) {
            return false;
        }
        try {
            while (true) {
                charBuffer.clear();
                if (!eof && byteBuffer.remaining() < 16) {
                    byteBuffer.compact();
                    int n = in.read(bytes, byteBuffer.position(), bytes.length - byteBuffer.position());
                    if (n < 0) {
                        eof = true;
                    } else {
                        if (bytesRead == 0 && first && n >= 2) { // FF FE or FE FF: UTF-16's byte-order mark
                            int b0 = bytes[0] & 0xFF;
                            int b1 = bytes[1] & 0xFF;
                            utf16 = b0 == 0xFF && b1 == 0xFE || b0 == 0xFE && b1 == 0xFF;
                        }
                        bytesRead += n;
                        byteBuffer.position(byteBuffer.position() + n);
                    }
                    byteBuffer.flip();
                }
                CoderResult r = decoder.decode(byteBuffer, charBuffer, eof);
                if (r.isError()) {
                    malformed = true;
                }
                if (eof && !malformed && !byteBuffer.hasRemaining()) {
                    CoderResult f = decoder.flush(charBuffer);
                    if (f.isError()) {
                        malformed = true;
                    }
                }
                pos = 0;
                limit = charBuffer.position();
                if (first && limit > 0) {
                    first = false;
                    if (chars[0] == '\uFEFF') {
                        pos = 1;
                    }
                }
                if (pos < limit) {
                    return true;
                }
                if (malformed) {
                    throw new ImportException(file, line + 1, null, malformedMessage());
                }
                if (eof && !byteBuffer.hasRemaining()) {
                    return false;
                }
            }
        } catch (IOException e) {
            throw Sources.readFailure(file, line + 1, e);
        }
    }

    /**
     * The problem of a malformed byte sequence; for UTF-8 with the encoding that the file likely has:
     * UTF-16 when it starts with that byte-order mark (Excel's "Unicode text"), else a Windows or Latin-1 code page.
     */
    private String malformedMessage() {
        String problem = "invalid " + charsetName + " byte sequence; expected text encoded as " + charsetName;
        if (!charsetName.equals("UTF-8") || !hintEncoding) {
            return problem;
        }
        return problem + (utf16 ? " (the file starts with a UTF-16 byte-order mark: give --encoding utf-16)"
                : " (saved by Excel on Windows or an older tool? give --encoding cp1252, or latin-1)");
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
