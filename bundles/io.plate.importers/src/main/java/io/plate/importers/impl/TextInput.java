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
    /** The input's first bytes (up to 4): the encoding they look like is told when the text fails ({@link #encodingOf}). */
    private final byte[] head = new byte[4];
    private int headLength;
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
                    String likely = hintEncoding ? encodingOf(head, headLength) : null;
                    throw new ImportException(file, line + 1, null, "binary file: NUL byte at character " + (out.length + 1)
                            + " of the line; expected text" + (likely == null || Charset.forName(likely).name().equals(charsetName)
                                    ? "" : " (" + described(likely) + ": give --encoding " + likely + ")"));
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
                        if (bytesRead == 0 && first) { // a byte-order mark, or the NULs of UTF-16 or UTF-32 text
                            headLength = Math.min(n, head.length);
                            System.arraycopy(bytes, byteBuffer.position(), head, 0, headLength);
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
        String likely = encodingOf(head, headLength);
        return problem + (likely != null ? " (" + described(likely) + ": give --encoding " + likely + ")"
                : " (saved by Excel on Windows or an older tool? give --encoding cp1252, or latin-1)");
    }

    /**
     * The encoding the first bytes {@code h[0, n)} of a file show, as {@code --encoding} names it, or null: a UTF-32
     * or UTF-16 byte-order mark, else the NUL bytes that ASCII text has in UTF-32 ({@code a 0 0 0}, {@code 0 0 0 a})
     * or UTF-16 ({@code a 0}, {@code 0 a}) without one.
     */
    static String encodingOf(byte[] h, int n) {
        int b0 = n > 0 ? h[0] & 0xFF : -1;
        int b1 = n > 1 ? h[1] & 0xFF : -1;
        int b2 = n > 2 ? h[2] & 0xFF : -1;
        int b3 = n > 3 ? h[3] & 0xFF : -1;
        if (b0 == 0xFF && b1 == 0xFE && b2 == 0 && b3 == 0 || b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF) {
            return "utf-32";
        }
        if (b0 == 0xFF && b1 == 0xFE || b0 == 0xFE && b1 == 0xFF) {
            return "utf-16";
        }
        if (n >= 4 && b0 != 0 && b1 == 0 && b2 == 0 && b3 == 0) {
            return "utf-32le";
        }
        if (n >= 4 && b0 == 0 && b1 == 0 && b2 == 0 && b3 != 0) {
            return "utf-32be";
        }
        if (n >= 2 && b0 != 0 && b1 == 0) {
            return "utf-16le";
        }
        if (n >= 2 && b0 == 0 && b1 != 0) {
            return "utf-16be";
        }
        return null;
    }

    /** What the first bytes show, for a message: "the file starts with a UTF-16 byte-order mark", "… looks like UTF-16LE text …". */
    private static String described(String encoding) {
        String upper = encoding.toUpperCase(java.util.Locale.ROOT);
        return encoding.equals("utf-16") || encoding.equals("utf-32") ? "the file starts with a " + upper + " byte-order mark"
                : "the file's first bytes are " + upper + " text without a byte-order mark";
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
