package io.plate.importers.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.ImportProgress;
import io.plate.api.data.Importer;
import io.plate.api.data.SparseMatrix;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/**
 * Text corpora into word counts. Two layouts:
 * <ul>
 * <li>a TSV file with a header holding a {@code label} and a {@code text} column (other columns are
 * ignored), one document per line, backslash escapes {@code \n \t \r \\} inside text cells;</li>
 * <li>a folder with one subfolder per class holding one text file per document (the 20 Newsgroups
 * layout, scikit-learn's {@code load_files}); files are read as UTF-8, and a file that is not valid
 * UTF-8 is read as Latin-1 (what scikit-learn's {@code fetch_20newsgroups} uses for these posts).</li>
 * </ul>
 * Tokenisation and options are those of scikit-learn's {@code CountVectorizer} (see
 * {@link CountVectorizer}).
 */
@Component(service = Importer.class, property = {
        Importer.FORMAT + "=text",
        Importer.EXTENSIONS + "=tsv",
        Importer.EXTENSIONS + "=txt" })
public final class TextImporter implements Importer {
    /** The file extensions this importer claims (lower case); a dataset's default name cuts them. */
    static final List<String> EXTENSIONS = List.of("tsv", "txt");

    /** Header name of the text column. */
    static final String TEXT = "text";
    /** {@link ImportOptions#extra()} key: the name of the text column (default {@code text}). */
    public static final String TEXT_COLUMN = "text_column";
    /** Added to a ragged row of the TSV layout that holds double quotes: what it likely is, and the option that reads it. */
    public static final String QUOTED_HINT = "; the row has double quotes: for tab-separated text quoted as CSV"
            + " (pandas' to_csv(sep='\\t') writes it so) give --delimiter tab";
    /** Added to the advice for a first line of one field: a file of documents, one a line, without labels. */
    private static final String ONE_DOCUMENT_A_LINE = "; if each line is a document without a label, give --no-header --no-label";
    /** Header name of the label column (unless {@code --label} names another). */
    static final String LABEL = "label";
    /**
     * {@link ImportOptions#extra()} key: {@code 2} reads a large TSV file ({@link #PARALLEL_BYTES} or more)
     * in two halves on two threads; {@code 1} (the default) reads it in one pass. Off by default: on the
     * shared 2-core build machine the second thread measured slower (see docs/importers.md).
     */
    public static final String THREADS = "threads";
    /** Files at least this large may be read in two halves. */
    static final long PARALLEL_BYTES = 4L << 20;

    @Override
    public String format() {
        return "text";
    }

    @Override
    public List<String> extensions() {
        return EXTENSIONS;
    }

    @Override
    public String description() {
        return "text corpus (TSV label/text, or a folder per class) as word counts like scikit-learn's CountVectorizer";
    }

    /** Lines {@link #suggest} looks at. */
    static final int SUGGEST_LINES = 20;

    /**
     * {@code --format text --no-header} when the first lines are tab-separated documents, a label without spaces
     * then a text of several words (the UCI SMS Spam Collection's {@code SMSSpamCollection}); {@code --format text}
     * when the first line is a header with a {@code text} column. Read as Latin-1: only tabs and spaces count here.
     */
    @Override
    public java.util.Optional<String> suggest(Path file) {
        try (TextInput in = new TextInput(Sources.open(file), file, StandardCharsets.ISO_8859_1)
                .limitLines(new LineLimit(CsvImporter.SUGGEST_LINE, 0))) {
            CharBuf line = new CharBuf(256);
            int width = 0;
            int lines = 0;
            int documents = 0;
            while (lines < SUGGEST_LINES && in.readLine(line)) {
                if (line.length == 0) {
                    continue;
                }
                String[] f = line.toString().split("\t", -1);
                if (width == 0 && f.length >= 2 && List.of(f).contains(TEXT)) {
                    return java.util.Optional.of("--format text");
                }
                if (f.length < 2 || (width != 0 && f.length != width)) {
                    return java.util.Optional.empty();
                }
                width = f.length;
                lines++;
                String label = f[0].strip();
                // a document: a label of one word (or none) and a text of three words or more
                if (label.indexOf(' ') < 0 && f[width - 1].strip().split(" +").length >= 3) {
                    documents++;
                }
            }
            return lines >= 2 && 2 * documents > lines ? java.util.Optional.of("--format text --no-header")
                    : java.util.Optional.empty();
        } catch (ImportException e) {
            return java.util.Optional.empty(); // not readable as text lines
        }
    }

    @Override
    public Dataset read(Path file, ImportOptions options) throws ImportException {
        FormatOptions.check(file, options, FormatOptions.TEXT); // a folder and a file read in halves too
        if (Files.isDirectory(file)) {
            return readFolders(file, options);
        }
        long size = 0;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            // Sources.open reports a missing or unreadable file
        }
        // two halves split at a line feed byte, which only UTF-8 (of the encodings users give) never has inside a character
        if (threads(file, options) == 2 && size >= PARALLEL_BYTES && CsvImporter.header(file, options) && Sources.charset(file, options).equals(StandardCharsets.UTF_8)
                && !Sources.gzip(file)) { // halves are byte ranges of the file as it is on disk
            return readInHalves(file, options, size);
        }
        return read(Sources.open(file), file, options);
    }

    private static int threads(Path file, ImportOptions options) {
        String t = options.extra().get(THREADS);
        if (t == null || t.strip().equals("1")) {
            return 1;
        }
        if (t.strip().equals("2")) {
            return 2;
        }
        throw new ImportException(file, 0, THREADS, "threads must be 1 or 2, got " + Sources.quote(t));
    }

    /** Reads the TSV layout from a stream (closed at the end), in one part. */
    Dataset read(InputStream stream, Path file, ImportOptions options) {
        ImportWatch watch = ImportWatch.of(file, stream, options);
        try (TextInput in = new TextInput(watch.wrap(stream), file, Sources.charset(file, options)).hintEncoding()
                .limitLines(LineLimit.of(options))) {
            FormatOptions.check(file, options, FormatOptions.TEXT); // again for a stream read on its own
            char delimiter = options.delimiter().orElse('\t');
            // a delimiter given (tab too): a delimited file with CSV quoting, as pandas' to_csv writes it; the
            // CSV reader's records. None: Plate's TSV layout, one document a line with backslash escapes
            if (options.delimiter().isPresent()) {
                CsvRecordReader rec = new CsvRecordReader(in, delimiter, LineLimit.of(options));
                if (!rec.next()) {
                    throw new ImportException(file, 0, null, emptyFile(file, options));
                }
                String[] names = new String[rec.fields()];
                for (int i = 0; i < names.length; i++) {
                    names[i] = rec.field(i);
                }
                boolean header = CsvImporter.header(file, options);
                TsvPart.Layout layout = layout(header ? names : unnamed(names.length), file, options, delimiter, header);
                TsvPart part = new TsvPart(options, layout, file);
                watch.held(() -> part.bytes() + rec.bytes(), () -> in.line() + 1);
                if (!header) {
                    part.record(rec); // the first line is a document
                }
                part.readRecords(rec);
                watch.checkInterrupted();
                return build(file, options, layout, part);
            }
            CharBuf first = new CharBuf(256);
            TsvPart.Layout layout = header(in, file, options, first);
            TsvPart part = new TsvPart(options, layout, file);
            watch.held(part::bytes, () -> in.line() + 1);
            if (!CsvImporter.header(file, options)) {
                part.document(first, in.line()); // the first line is a document
            }
            part.read(in);
            watch.checkInterrupted();
            return build(file, options, layout, part);
        }
    }

    /**
     * Reads the first line of {@code in} into {@code line} and finds the text and label columns: by the names it
     * holds, or, with no header ({@code --no-header}), by position among its fields {@code V1..Vn}.
     */
    private static TsvPart.Layout header(TextInput in, Path file, ImportOptions options, CharBuf line) {
        boolean header = CsvImporter.header(file, options);
        boolean any;
        do { // without a header, blank lines before the first document are skipped, as between documents
            any = in.readLine(line);
        } while (any && !header && line.length == 0);
        if (!any) {
            throw new ImportException(file, 0, null, emptyFile(file, options));
        }
        String[] fields = line.toString().split("\t", -1);
        return layout(header ? fields : unnamed(fields.length), file, options, '\t', header);
    }

    private static String emptyFile(Path file, ImportOptions options) {
        return CsvImporter.header(file, options) ? "empty file; expected a header with 'label' and 'text' columns"
                : "empty file; expected one document a line";
    }

    /** The names of the columns of a file without a header: {@code V1..Vn}, as the CSV importer names them. */
    private static String[] unnamed(int width) {
        String[] names = new String[width];
        for (int i = 0; i < width; i++) {
            names[i] = CsvImporter.columnName(i);
        }
        return names;
    }

    /**
     * The text and label columns (label −1 with no label) of a header split at {@code delimiter}, or the
     * importer's one-line message saying what is wrong and what to give; for readers that split a file
     * into parts (Plate on Spark), so that they find the columns and word the errors as this importer does.
     */
    public static int[] textAndLabelColumns(String[] header, Path file, ImportOptions options, char delimiter) {
        if (!CsvImporter.header(file, options)) {
            throw new ImportException(file, 0, null, "--no-header is read by plate:import, not on Spark: add a header line"
                    + " naming the 'label' and 'text' columns");
        }
        TsvPart.Layout l = layout(header, file, options, delimiter, true);
        return new int[] {l.textColumn, l.labelColumn};
    }

    /**
     * Finds the text and label columns in the header fields, or says what is wrong and what to give. Without a
     * header ({@code hasHeader} false, fields named {@code V1..Vn}) the text is the last column and the label the
     * first (the UCI SMS Spam Collection's {@code ham<tab>text} lines), unless --text-column or --label names one.
     */
    private static TsvPart.Layout layout(String[] header, Path file, ImportOptions options, char delimiter, boolean hasHeader) {
        String textName = options.extra().getOrDefault(TEXT_COLUMN, TEXT);
        String labelName = options.label().orElse(LABEL);
        if (!hasHeader) {
            String last = header[header.length - 1];
            textName = options.extra().getOrDefault(TEXT_COLUMN, labelName.equals(last) && header.length > 1
                    ? header[header.length - 2] : last);
            labelName = options.label().orElse(textName.equals(header[0]) ? CsvImporter.columnName(1) : header[0]);
        }
        int textCol = -1;
        int labelCol = -1;
        for (int i = 0; i < header.length; i++) {
            String h = header[i].strip();
            if (h.equals(textName) && textCol < 0) {
                textCol = i;
            } else if (h.equals(labelName) && labelCol < 0) {
                labelCol = i;
            }
        }
        if (textCol < 0) {
            List<String> names = List.of(header);
            String hint;
            if (header.length == 1 && delimiter != '\t' && header[0].indexOf('\t') >= 0) {
                hint = "the header is separated by tabs, not '" + delimiter + "': leave out --delimiter (tab is the default)";
            } else if (header.length == 1 && delimiter == '\t' && (header[0].indexOf(',') >= 0 || header[0].indexOf(';') >= 0)) {
                char d = header[0].indexOf(',') >= 0 ? ',' : ';';
                List<String> fields = CsvRecordReader.fields(header[0], d);
                // with no text column among the fields either, --delimiter alone would only lead to the next error
                hint = fields.contains(textName) ? "the header has no tab; for a file separated by '" + d + "' give --delimiter " + d
                        : "the header has no tab, and separated by '" + d + "' it has no '" + textName + "' column either "
                        + Sources.names(fields) + ": for a table of numbers or categories give --format csv; for a column of"
                        + " text give --delimiter " + d + " --text-column NAME";
            } else if (header.length == 1 && CsvImporter.numbersBetweenSpaces(header[0]) >= 2) {
                hint = "the first line is numbers separated by spaces (numpy's savetxt writes so): import it with --format csv"
                        + " --delimiter ' ' --no-header";
            } else if (header.length == 1 && CsvImporter.spaceSeparated(header[0]).size() >= 2) {
                List<String> fields = CsvImporter.spaceSeparated(header[0]);
                hint = "the header is " + fields.size() + " names separated by spaces " + Sources.names(fields) + " (pandas'"
                        + " to_csv(sep=' ') writes so): " + (fields.contains(textName) ? "give --delimiter ' '"
                        : "for a table of numbers or categories give --format csv --delimiter ' '" + ONE_DOCUMENT_A_LINE);
            } else if (!hasHeader) {
                hint = "the file has no header, so its columns are " + Sources.names(List.of(header))
                        + ": give --text-column V1 to V" + header.length;
            } else {
                // a first line that is a document (label, text) rather than names: the file may have no header
                hint = "name the text column with --text-column NAME, or import a table of numbers or categories"
                        + " with --format csv" + (header.length >= 2 ? "; if the first line is a document, give --no-header"
                        + " (columns V1..V" + header.length + ": the label V1, the text V" + header.length + ")"
                        : ONE_DOCUMENT_A_LINE);
            }
            throw new ImportException(file, 1, textName, "no '" + textName + "' column in "
                    + (hasHeader ? "the header " : "the columns ")
                    + Sources.names(names) + "; " + hint);
        }
        if (options.noLabel()) {
            labelCol = -1;
        } else if (labelCol < 0) {
            // a header of the text and one other column: that one is the label; pandas' row index is not one
            List<String> names = new ArrayList<>();
            boolean[] unnamed = new boolean[header.length];
            for (int i = 0; i < header.length; i++) {
                names.add(header[i].strip());
                unnamed[i] = names.get(i).isEmpty();
            }
            List<String> others = new ArrayList<>();
            for (int i = CsvImporter.unnamedPrefix(names, unnamed); i < header.length; i++) {
                if (i != textCol) {
                    others.add(names.get(i));
                }
            }
            throw new ImportException(file, 1, labelName, "no label column '" + labelName + "' in "
                    + (hasHeader ? "the header " : "the columns ")
                    + Sources.names(List.of(header)) + (others.size() == 1 ? ": give --label " + io.plate.api.text.ShellWord.of(others.get(0))
                            + " (or --no-label for unlabelled text)" : " (use --no-label for unlabelled text)"));
        }
        return new TsvPart.Layout(header.length, textCol, labelCol, labelName, new MissingMarkers(options),
                hasHeader ? "the header" : "the first line");
    }

    private static Dataset build(Path file, ImportOptions options, TsvPart.Layout layout, TsvPart part) {
        if (part.vectorizer.documents() == 0) {
            throw new ImportException(file, part.lines + 1, null, layout.widthFrom.equals("the header")
                    ? "no documents after the header" : "no documents");
        }
        SparseMatrix m = part.vectorizer.finish(file);
        Dataset.Builder b = dataset(file, options, m, "tsv");
        if (layout.labelColumn >= 0) {
            if (layout.labelColumn == 0 && layout.width >= 3 && !options.label().isPresent()
                    && !layout.widthFrom.equals("the header")) {
                rowIndexRefused(file, part);
            }
            CategoricalColumn classes = labelColumn(layout.labelName, part.labels, part.codes); // 1 and 1.0 one class
            Labels.checkClasses(file, layout.labelName, classes.cardinality(), part.codes.size, Labels.COLUMN_FIX);
            List<String> warnings = new ArrayList<>();
            String quoted = part.quotedSingleRowClass(); // the TSV layout does not read CSV quoting: say so
            if (quoted != null) {
                warnings.add(quoted);
            }
            // a class named None or NA would be lost to pandas' markers: say so, with the markers to keep
            String words = part.wordLabelsMissing(layout.labelName);
            if (words != null) {
                warnings.add(words);
            }
            if (!warnings.isEmpty()) {
                b.metadata(Importer.WARNINGS, String.join("; ", warnings)); // the CSV importer's separator
            }
            b.labels(classes);
        }
        return b.build();
    }

    /**
     * Refuses the default label of a file without a header, its first column, when it numbers the rows in order:
     * pandas' row index, which {@code to_csv(header=False)} writes unless {@code index=False} (the CSV importer's
     * rule, {@link CsvImporter#rowIndex}); the label is then the next column, which the message names.
     */
    private static void rowIndexRefused(Path file, TsvPart part) {
        double[] values = new double[part.codes.size];
        for (int r = 0; r < values.length; r++) {
            int c = part.codes.data[r];
            String t = c < 0 ? "" : part.labels.term(c);
            values[r] = Numbers.parse(t.toCharArray(), 0, t.length()); // NaN for a missing or other label
        }
        String why = CsvImporter.rowIndex(io.plate.api.data.NumericColumn.of(CsvImporter.columnName(0), values), false);
        if (why != null) {
            throw new ImportException(file, 0, CsvImporter.columnName(0), "the first column " + why + ": a row index"
                    + " (pandas' to_csv(header=False) writes one unless index=False), not a class column: give --label "
                    + CsvImporter.columnName(1));
        }
    }

    /**
     * Reads a large TSV file as two halves on two threads: the first half (with the header) on the
     * calling thread, the second, from the first line break after the middle byte, on a helper thread;
     * then appends the second half's counts to the first's. A line break byte never falls inside a
     * UTF-8 sequence, so each half decodes on its own. Errors name the line in the whole file; when
     * both halves fail, the first half's error (the earlier line) is reported.
     */
    private Dataset readInHalves(Path file, ImportOptions options, long size) {
        long middle = lineStartAfter(file, size / 2);
        if (middle <= 0 || middle >= size) {
            return read(Sources.open(file), file, options);
        }
        TsvPart.Layout layout;
        try (TextInput in = new TextInput(Sources.open(file), file).hintEncoding()) {
            layout = header(in, file, options, new CharBuf(256));
        }
        TsvPart second = new TsvPart(options, layout, file);
        Throwable[] secondError = new Throwable[1];
        ImportWatch secondWatch = new ImportWatch(file, -1, options.toBuilder().progress(ImportProgress.NONE).build());
        Thread helper = new Thread(() -> {
            try (TextInput in = new TextInput(secondWatch.wrap(openAt(file, middle)), file, StandardCharsets.UTF_8, false).hintEncoding()
                    .limitLines(LineLimit.of(options))) {
                second.read(in);
            } catch (RuntimeException | Error e) {
                secondError[0] = e; // rethrown on the calling thread after the join
            }
        }, "plate-text-import");
        helper.setDaemon(true);
        helper.start();
        TsvPart first = new TsvPart(options, layout, file);
        // the first half is projected as half of the file: both halves take about as much
        ImportWatch watch = new ImportWatch(file, size, options);
        try (TextInput in = new TextInput(watch.wrap(new LimitedInputStream(Sources.open(file), middle)), file).hintEncoding()
                .limitLines(LineLimit.of(options))) {
            watch.held(() -> 2 * first.bytes(), () -> in.line() + 1);
            in.readLine(new CharBuf(256)); // the header, read above
            first.read(in);
            watch.checkInterrupted();
        } finally {
            join(helper, file);
        }
        if (secondError[0] instanceof ImportException) {
            throw shifted((ImportException) secondError[0], first.lines);
        } else if (secondError[0] instanceof RuntimeException) {
            throw (RuntimeException) secondError[0];
        } else if (secondError[0] != null) {
            throw (Error) secondError[0];
        }
        first.append(second);
        return build(file, options, layout, first);
    }

    /** The same failure with its line counted from the start of the file instead of the second half. */
    private static ImportException shifted(ImportException e, long linesBefore) {
        if (e.line() <= 0) {
            return e;
        }
        String prefix = new ImportException(e.file(), e.line(), e.column(), "").getMessage();
        String problem = e.getMessage().substring(prefix.length());
        return new ImportException(e.file(), e.line() + linesBefore, e.column(), problem, e.getCause());
    }

    private static void join(Thread helper, Path file) {
        try {
            helper.join();
        } catch (InterruptedException e) {
            helper.interrupt();
            Thread.currentThread().interrupt();
            throw new ImportException(file, 0, null, "interrupted", e);
        }
    }

    /** Byte offset just after the first line feed at or after {@code from}, or -1. */
    private static long lineStartAfter(Path file, long from) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(1 << 16);
            long pos = from;
            while (true) {
                b.clear();
                int n = ch.read(b, pos);
                if (n <= 0) {
                    return -1;
                }
                for (int i = 0; i < n; i++) {
                    if (b.get(i) == '\n') {
                        return pos + i + 1;
                    }
                }
                pos += n;
            }
        } catch (IOException e) {
            throw Sources.readFailure(file, 0, e);
        }
    }

    private static InputStream openAt(Path file, long offset) {
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
            ch.position(offset);
            return Channels.newInputStream(ch);
        } catch (IOException e) {
            throw Sources.readFailure(file, 0, e);
        }
    }

    /**
     * Decodes the escapes of the TSV convention, scanning left to right: {@code \n \t \r \\} become
     * their characters, a backslash before any other character is dropped, and a final lone backslash
     * is kept (as the reference reader {@code sklearn_nb.py} does).
     */
    static void unescape(char[] c, int from, int to, CharBuf out) {
        out.clear();
        out.ensure(to - from);
        char[] o = out.chars;
        int w = 0;
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (ch == '\\' && i + 1 < to) {
                char nx = c[++i];
                o[w++] = nx == 'n' ? '\n' : nx == 't' ? '\t' : nx == 'r' ? '\r' : nx;
            } else {
                o[w++] = ch;
            }
        }
        out.length = w;
    }

    private static CategoricalColumn labelColumn(String name, TermTable labels, IntList codes) {
        List<String> texts = new ArrayList<>(labels.size());
        for (int i = 0; i < labels.size(); i++) {
            texts.add(labels.term(i));
        }
        return CellColumn.categorical(name, texts, codes);
    }

    private static Dataset.Builder dataset(Path file, ImportOptions options, SparseMatrix m, String layout) {
        return Dataset.builder(Sources.datasetName(file, options)).source(file.toString()).sparse(m)
                .metadata("format", "text")
                .metadata("layout", layout)
                .metadata("tokens", "lowercase=" + options.lowercase() + ", pattern (?u)\\b\\w\\w+\\b")
                .metadata("min-df", options.minDocumentFrequency().toString())
                .metadata("max-df", options.maxDocumentFrequency().toString())
                .metadata("max-features", Integer.toString(options.maxFeatures()))
                .metadata("binary", Boolean.toString(options.binary()))
                .metadata("stop-words", options.stopWords() ? "english" : "none")
                .metadata("ngram", "1-" + options.ngramMax());
    }

    /**
     * The folder-per-class layout: each subfolder is a class, each regular file in it a document. Folders inside a
     * class folder are not read (nor by scikit-learn's {@code load_files}, which fails on them): a warning names them.
     */
    Dataset readFolders(Path root, ImportOptions options) {
        List<Path> classes = sortedEntries(root, true, null);
        if (classes.isEmpty()) {
            throw new ImportException(root, 0, null, "no class folders; expected one subfolder per class");
        }
        CountVectorizer vec = new CountVectorizer(options);
        List<String> levels = new ArrayList<>();
        IntList codes = new IntList(64);
        CharBuf line = new CharBuf(256);
        int latin1 = 0;
        List<List<Path>> files = new ArrayList<>();
        List<Path> nested = new ArrayList<>(); // folders inside the class folders, not read
        long total = 0;
        for (Path dir : classes) {
            List<Path> fs = sortedEntries(dir, false, nested);
            files.add(fs);
            for (Path f : fs) {
                total += sizeOf(f);
            }
        }
        ImportWatch watch = new ImportWatch(root, total, options);
        watch.held(() -> vec.bytes() + codes.bytes(), () -> 0);
        java.nio.charset.Charset given = options.extra().containsKey(Sources.ENCODING) ? Sources.charset(root, options) : null;
        for (int k = 0; k < classes.size(); k++) {
            Path dir = classes.get(k);
            int code = levels.size();
            levels.add(dir.getFileName().toString());
            for (Path f : files.get(k)) {
                boolean utf8 = given != null || isUtf8(f); // an encoding given is used for every file, strictly
                if (!utf8) {
                    latin1++;
                }
                try (TextInput in = new TextInput(watch.wrap(Sources.open(f)), f, given != null ? given
                        : utf8 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1).hintEncoding().limitLines(LineLimit.of(options))) {
                    vec.beginDocument();
                    while (in.readLine(line)) {
                        vec.addText(line.chars, 0, line.length);
                    }
                    vec.endDocument();
                }
                codes.add(code);
            }
        }
        if (vec.documents() == 0) {
            throw new ImportException(root, 0, null, "no documents: the class folders hold no files");
        }
        watch.checkInterrupted();
        SparseMatrix m = vec.finish(root);
        Dataset.Builder b = dataset(root, options, m, "folders").metadata("latin-1 files", Integer.toString(latin1));
        if (!options.noLabel()) {
            b.labels(CategoricalColumn.of(options.label().orElse(LABEL), levels, codes.toArray()));
        }
        if (!nested.isEmpty()) {
            b.metadata(Importer.WARNINGS, nestedWarning(root, nested));
        }
        return b.build();
    }

    private static long sizeOf(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0; // reading it will say what is wrong
        }
    }

    /** Folders named in the warning about folders inside the class folders; the rest are counted. */
    static final int NESTED_NAMED = 3;

    /** The warning that the folders {@code nested} (inside class folders of {@code root}) were not read. */
    static String nestedWarning(Path root, List<Path> nested) {
        nested.sort((a, b) -> CellColumn.compareCodePoints(a.toString(), b.toString()));
        List<String> named = new ArrayList<>();
        for (Path p : nested.subList(0, Math.min(NESTED_NAMED, nested.size()))) {
            named.add(root.relativize(p).toString().replace('\\', '/') + "/");
        }
        boolean one = nested.size() == 1;
        // no "; " in a warning: it separates the warnings of an import
        return String.format(java.util.Locale.ROOT, "%s inside the class folders %s not read (%s%s), as scikit-learn's"
                + " load_files reads only the files directly in each class folder: move %s files up a level to read them",
                one ? "1 folder" : String.format(java.util.Locale.ROOT, "%,d folders", nested.size()), one ? "was" : "were",
                String.join(", ", named), nested.size() > NESTED_NAMED ? ", …" : "", one ? "its" : "their");
    }

    /**
     * The entries of {@code dir} that are folders ({@code directories}) or regular files, hidden ones left out, in
     * code-point order; with files, the folders met are added to {@code folders} (when not null).
     */
    private static List<Path> sortedEntries(Path dir, boolean directories, List<Path> folders) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (n.startsWith(".")) {
                    continue;
                }
                if (directories ? Files.isDirectory(p) : Files.isRegularFile(p)) {
                    out.add(p);
                } else if (!directories && folders != null && Files.isDirectory(p)) {
                    folders.add(p);
                }
            }
        } catch (IOException e) {
            throw new ImportException(dir, 0, null, "cannot list the folder: " + e.getMessage(), e);
        }
        out.sort((a, b) -> CellColumn.compareCodePoints(a.getFileName().toString(), b.getFileName().toString()));
        return out;
    }

    /** True when the file decodes as UTF-8 (streamed in chunks, nothing kept). */
    private static boolean isUtf8(Path f) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        byte[] buf = new byte[1 << 14];
        ByteBuffer bb = ByteBuffer.wrap(buf);
        bb.limit(0);
        CharBuffer cb = CharBuffer.allocate(1 << 14);
        try (InputStream in = Sources.open(f)) {
            boolean eof = false;
            while (true) {
                bb.compact();
                int n = in.read(buf, bb.position(), buf.length - bb.position());
                if (n < 0) {
                    eof = true;
                } else {
                    bb.position(bb.position() + n);
                }
                bb.flip();
                cb.clear();
                CoderResult r = d.decode(bb, cb, eof);
                if (r.isError()) {
                    return false;
                }
                if (eof) {
                    cb.clear();
                    return !d.flush(cb).isError();
                }
            }
        } catch (CharacterCodingException e) {
            return false;
        } catch (IOException e) {
            throw Sources.readFailure(f, 0, e);
        }
    }
}
