package io.plate.importers.impl;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** The first {@code limit} bytes of a stream. */
final class LimitedInputStream extends FilterInputStream {
    private long left;

    LimitedInputStream(InputStream in, long limit) {
        super(in);
        this.left = limit;
    }

    @Override
    public int read() throws IOException {
        if (left <= 0) {
            return -1;
        }
        int b = in.read();
        if (b >= 0) {
            left--;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (left <= 0) {
            return -1;
        }
        int n = in.read(b, off, (int) Math.min(len, left));
        if (n > 0) {
            left -= n;
        }
        return n;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(in.available(), left);
    }

    @Override
    public long skip(long n) throws IOException {
        long s = in.skip(Math.min(n, left));
        left -= s;
        return s;
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
