package io.plate.launcher;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Drops ANSI control sequences (ESC [ parameters final-byte) from what a command writes when the output
 * is not a terminal: Gogo's own commands ({@code grep}, {@code ls}) colour their output whenever it is the
 * session's stream, piped or not.
 */
final class AnsiStripping extends FilterOutputStream {
    private static final int ESC = 0x1b;
    private static final int TEXT = 0;
    private static final int AFTER_ESC = 1;
    private static final int IN_SEQUENCE = 2;
    private int state = TEXT;

    AnsiStripping(OutputStream out) {
        super(out);
    }

    /** {@code System.out} without control sequences, in the charset the JVM gave {@code System.out}. */
    static PrintStream stdout() {
        String enc = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        Charset cs;
        try {
            cs = enc == null ? Charset.defaultCharset() : Charset.forName(enc);
        } catch (IllegalArgumentException unknown) {
            cs = Charset.defaultCharset();
        }
        return new PrintStream(new AnsiStripping(System.out), true, cs);
    }

    @Override
    public void write(int b) throws IOException {
        b &= 0xff;
        switch (state) {
            case AFTER_ESC -> {
                if (b == '[') {
                    state = IN_SEQUENCE;
                } else { // not a control sequence: keep both bytes
                    state = TEXT;
                    out.write(ESC);
                    write(b);
                }
            }
            case IN_SEQUENCE -> {
                if (b >= 0x40 && b <= 0x7e) { // the final byte ends it
                    state = TEXT;
                } else if (b < 0x20 || b > 0x3f) { // not a parameter or intermediate byte: not a sequence after all
                    state = TEXT;
                    out.write(b);
                }
            }
            default -> {
                if (b == ESC) {
                    state = AFTER_ESC;
                } else {
                    out.write(b);
                }
            }
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int i = off;
        int end = off + len;
        while (i < end) {
            if (state == TEXT && b[i] != ESC) { // a run of text goes out in one write
                int from = i;
                while (i < end && b[i] != ESC) {
                    i++;
                }
                out.write(b, from, i - from);
            } else {
                write(b[i++]);
            }
        }
    }
}
