package io.plate.importers.impl;

import io.plate.api.data.DatasetNames;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.text.Visible;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Opening input files and naming datasets, the same way for every format. */
final class Sources {
    private Sources() {
    }

    /**
     * Opens a regular file for streaming, decompressed when it is gzip-compressed (as pandas, scikit-learn's
     * {@code load_svmlight_file} and Weka read {@code x.csv.gz}); a missing or unreadable file, or one compressed
     * in another way, is an {@link ImportException}.
     */
    static InputStream open(Path file) {
        InputStream raw = openRaw(file);
        try {
            java.io.BufferedInputStream in = new java.io.BufferedInputStream(raw, 1 << 16);
            in.mark(8);
            byte[] head = in.readNBytes(6);
            in.reset();
            if (gzip(head)) {
                try {
                    return new Gunzip(new Counted(in));
                } catch (java.io.EOFException e) { // shorter than gzip's own header
                    throw new Truncated(e);
                }
            }
            String other = compression(head);
            if (other != null) {
                in.close();
                throw new ImportException(file, 0, null, "compressed with " + other + "; expected a plain or gzip-compressed"
                        + " file: decompress it first");
            }
            return in;
        } catch (IOException e) {
            try {
                raw.close();
            } catch (IOException ignored) {
                // the read failed already; that is the error to report
            }
            throw readFailure(file, 0, e);
        }
    }

    /**
     * What a failed read of {@code file} at {@code line} (0: not tied to one) is told: a gzip file that ends before
     * its compressed data does is truncated; any other failure, the system's words.
     */
    static ImportException readFailure(Path file, long line, IOException e) {
        return new ImportException(file, line, null, e instanceof Truncated ? e.getMessage() : "cannot read: " + e.getMessage(), e);
    }

    /** The end of a gzip file before the end of its compressed data: a download or a copy cut short. */
    static final class Truncated extends java.io.EOFException {
        private static final long serialVersionUID = 1L;

        Truncated(java.io.EOFException cause) {
            super("the gzip-compressed file ends before its data does: it is truncated (a download or a copy cut short?);"
                    + " expected the whole file (gzip -t FILE tests one)");
            initCause(cause);
        }
    }

    /** A file's bytes, counted as they are read. */
    private static final class Counted extends java.io.FilterInputStream {
        long count;

        Counted(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            count += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            count += Math.max(0, n);
            return n;
        }
    }

    /** A gzip file decompressed as it is read; {@link #compressedRead()} is how far into the file it is. */
    static final class Gunzip extends java.util.zip.GZIPInputStream {
        private final Counted file;

        private Gunzip(Counted file) throws IOException {
            super(file, 1 << 16);
            this.file = file;
        }

        /** Reads as gzip does; the input ending inside the compressed data is {@link Truncated} ("Unexpected end of ZLIB input stream"). */
        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (Truncated e) {
                throw e;
            } catch (java.io.EOFException e) {
                throw new Truncated(e);
            }
        }

        /**
         * Bytes of the compressed file the decompression has consumed: those it read less those still waiting in
         * its buffer (up to 64 KiB, which may hold megabytes of text), for progress and the memory projection.
         */
        long compressedRead() {
            return file.count - inf.getRemaining();
        }
    }

    /** Whether {@code file} is gzip-compressed (its first two bytes); false when it cannot be read. */
    static boolean gzip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return gzip(in.readNBytes(2));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Whether a file's first bytes {@code head} are gzip's magic number {@code 1F 8B}. */
    private static boolean gzip(byte[] head) {
        return head.length >= 2 && (head[0] & 0xFF) == 0x1F && (head[1] & 0xFF) == 0x8B;
    }

    /** The compression other than gzip that {@code head} (a file's first bytes) starts, or null. */
    private static String compression(byte[] head) {
        if (head.length >= 4 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h' && head[3] >= '1' && head[3] <= '9') {
            return "bzip2 (bunzip2 FILE)";
        }
        if (head.length >= 6 && (head[0] & 0xFF) == 0xFD && head[1] == '7' && head[2] == 'z' && head[3] == 'X' && head[4] == 'Z'
                && head[5] == 0) {
            return "xz (unxz FILE)";
        }
        if (head.length >= 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
            return "zip (unzip FILE)";
        }
        if (head.length >= 4 && (head[0] & 0xFF) == 0x28 && (head[1] & 0xFF) == 0xB5 && (head[2] & 0xFF) == 0x2F
                && (head[3] & 0xFF) == 0xFD) {
            return "zstd (unzstd FILE)";
        }
        return null;
    }

    /** Opens a regular file as its bytes; a missing or unreadable file is an {@link ImportException}. */
    private static InputStream openRaw(Path file) {
        if (Files.isDirectory(file)) {
            throw new ImportException(file, 0, null, "is a directory; expected a file");
        }
        try {
            return Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            throw new ImportException(file, 0, null, "file not found", e);
        } catch (AccessDeniedException e) {
            throw new ImportException(file, 0, null, "permission denied", e);
        } catch (IOException e) {
            throw new ImportException(file, 0, null, "cannot open: " + e.getMessage(), e);
        }
    }

    /**
     * {@link ImportOptions#extra()} key: the text encoding of a CSV, ARFF or text file, as pandas'
     * {@code read_csv(encoding=...)} names it ({@code utf-8}, the default; {@code latin-1}, {@code cp1252},
     * {@code utf-16}) or any charset Java knows. LibSVM is read as UTF-8 (its numbers are ASCII).
     */
    static final String ENCODING = "encoding";

    /** The charset {@link #ENCODING} names, UTF-8 when none; an unknown name fails. */
    static Charset charset(Path file, ImportOptions options) {
        String e = options.extra().get(ENCODING);
        if (e == null) {
            return StandardCharsets.UTF_8;
        }
        switch (e.strip().toLowerCase(java.util.Locale.ROOT).replace("-", "").replace("_", "")) {
            case "utf8":
            case "utf8sig": // Python's name for UTF-8 with a byte-order mark, which is dropped anyway
                return StandardCharsets.UTF_8;
            case "latin1":
            case "l1":
            case "iso88591":
                return StandardCharsets.ISO_8859_1;
            case "cp1252":
            case "windows1252":
                return Charset.forName("windows-1252");
            default:
                try {
                    return Charset.forName(e.strip());
                } catch (IllegalArgumentException x) {
                    throw new ImportException(file, 0, ENCODING, "unknown encoding " + quote(e)
                            + "; expected utf-8, latin-1, cp1252, utf-16 or another charset name Java knows", x);
                }
        }
    }

    /** The extensions this bundle's importers claim: a file's default dataset name cuts any of them, as the shell's. */
    private static final List<String> EXTENSIONS = Stream.of(ArffImporter.EXTENSIONS, CsvImporter.EXTENSIONS,
            LibSvmImporter.EXTENSIONS, TextImporter.EXTENSIONS).flatMap(List::stream).toList();

    /**
     * {@code options.name()}, or the file's name as {@link DatasetNames#fromFile} makes it with the extensions of
     * this bundle's importers: a compression suffix and a claimed extension cut ({@code iris.csv.gz} is
     * {@code iris}), any other kept ({@code a9a.t}), as the shell names it.
     */
    static String datasetName(Path file, ImportOptions options) {
        if (options.name().isPresent()) {
            return options.name().get();
        }
        Path fn = file.getFileName();
        return DatasetNames.fromFile(fn == null ? "" : fn.toString(), EXTENSIONS);
    }

    /**
     * Names for a one-line message: {@code [a, b, c]}, or the first 20 and how many more; each shown as
     * {@link Visible#name} shows it, CSV-quoted when it holds a comma or a quote ({@code [class, "size, cm", w]}), as a
     * list option takes it.
     */
    static String names(java.util.Collection<String> names) {
        return names(names, Sources::listed);
    }

    /** {@link #names} with each name in full ({@link Visible#listedWhole}): the header a refused option lists, to type from. */
    static String wholeNames(java.util.Collection<String> names) {
        return names(names, Visible::listedWhole);
    }

    private static String names(java.util.Collection<String> names, java.util.function.UnaryOperator<String> listed) {
        StringBuilder s = new StringBuilder("[");
        int k = 0;
        for (String n : names) {
            if (k == 20) {
                return s.append(", … ").append(names.size() - 20).append(" more]").toString();
            }
            s.append(k++ > 0 ? ", " : "").append(listed.apply(n));
        }
        return s.append(']').toString();
    }

    /** {@code n} as a list option takes it: CSV-quoted ({@code "size, cm"}) when it holds a comma or a quote. */
    static String listed(String n) {
        return Visible.listed(n);
    }

    /** Longest cell text quoted whole in a message; a longer one is shortened with "…". */
    static final int QUOTED_LENGTH = 40;

    /** Quotes a cell for a one-line message, invisible characters escaped (a no-break space after 3.5 as backslash-u00a0), a long one shortened. */
    static String quote(String s) {
        return "'" + Visible.shortened(s, QUOTED_LENGTH) + "'";
    }
}
