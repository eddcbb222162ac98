package io.plate.importers.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.LevelNumbers;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.NumericColumn;
import io.plate.api.data.SparseMatrix;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.osgi.service.component.annotations.Component;

/**
 * LIBSVM / svmlight sparse rows: {@code label [qid:N] index:value …  [# comment]}, indices 1-based and
 * strictly increasing, blank and comment lines skipped. Values go into a {@link SparseMatrix} (stored as
 * counts when all are whole numbers) whose columns are named {@code "1"…"n"}; {@code n} is the largest
 * index, or the declared number of features (option {@link #N_FEATURES} in
 * {@link ImportOptions#extra()}), as scikit-learn's {@code load_svmlight_file(n_features=…)}.
 *
 * <p>Labels that are whole numbers are classes: each distinct label value is a level, written canonically
 * ({@code +1} and {@code 1.0} are both {@code "1"}), levels in numeric order. Labels with a fraction are a
 * numeric target (regression), as a column of numbers in a CSV file. {@code --numeric label} and
 * {@code --categorical label} (the label's name, {@code label} unless {@code --label} gives another) decide
 * otherwise. Query ids are checked and counted, and kept out of the features.
 */
@Component(service = Importer.class, property = {
        Importer.FORMAT + "=libsvm",
        Importer.EXTENSIONS + "=libsvm",
        Importer.EXTENSIONS + "=svm",
        Importer.EXTENSIONS + "=svmlight" })
public final class LibSvmImporter implements Importer {
    /** The file extensions this importer claims (lower case); a dataset's default name cuts them. */
    static final List<String> EXTENSIONS = List.of("libsvm", "svm", "svmlight");

    /** {@link ImportOptions#extra()} key: the declared number of features. */
    public static final String N_FEATURES = "n_features";
    /**
     * {@link ImportOptions#extra()} key, as scikit-learn's {@code load_svmlight_file(zero_based=…)}: {@code auto}
     * (the default: 0-based when an index 0 appears, else 1-based), {@code true} or {@code false}.
     */
    public static final String ZERO_BASED = "zero_based";
    /**
     * {@link ImportOptions#extra()} key: what the values are. {@code counts} (the default): a sparse matrix,
     * stored as counts when every value is a whole number (for the multinomial and Bernoulli learners);
     * {@code numeric}: dense numeric columns, zeros filled in (for numeric learners such as {@code nb.gaussian}).
     */
    public static final String VALUES = "values";
    /** Name of the label column. */
    static final String LABEL = "label";
    /** What a file with no lines, and one with only blank or comment lines, is told (Plate on Spark says it too). */
    public static final String EMPTY_FILE = "empty file; expected LIBSVM rows 'label index:value ...'";
    public static final String NO_ROWS = "no data rows, only blank or comment lines";

    @Override
    public String format() {
        return "libsvm";
    }

    @Override
    public List<String> extensions() {
        return EXTENSIONS;
    }

    @Override
    public String description() {
        return "LIBSVM/svmlight sparse rows 'label index:value ...' (1-based indices, optional qid)";
    }

    @Override
    public Dataset read(Path file, ImportOptions options) throws ImportException {
        return read(Sources.open(file), file, options);
    }

    /** {@code --format libsvm} when the first rows (after blank and comment lines) parse as LIBSVM rows with a feature. */
    @Override
    public Optional<String> suggest(Path file) {
        try (ByteLines in = new ByteLines(Sources.open(file), file).limitLines(LineLimit.defaults())) {
            LibSvmRows rows = new LibSvmRows(file, 0, ImportOptions.DEFAULT_MAX_COLUMNS);
            CharBuf line = new CharBuf(256);
            while (rows.labels.size < SUGGEST_ROWS && in.next()) {
                in.decode(line);
                rows.parse(line.chars, line.length, in.line());
            }
            return rows.maxIndex >= 0 ? Optional.of("--format libsvm") : Optional.empty();
        } catch (ImportException e) {
            return Optional.empty(); // a line that is not a LIBSVM row
        }
    }

    /** Rows {@link #suggest} parses. */
    static final int SUGGEST_ROWS = 5;

    /**
     * Reads LIBSVM rows from a stream (closed at the end). A line of plain ASCII in the usual shape is
     * parsed from its bytes ({@link LibSvmRows#asciiLabel}, {@link LibSvmRows#asciiPairs}); any other line is decoded and parsed as text
     * ({@link LibSvmRows#parse(char[], int, long)}), which also words the errors.
     */
    Dataset read(InputStream stream, Path file, ImportOptions options) {
        int declared = declaredFeatures(file, options);
        ImportWatch watch = ImportWatch.of(file, stream, options);
        try (ByteLines in = new ByteLines(watch.wrap(stream), file).limitLines(LineLimit.of(options))) {
            FormatOptions.check(file, options, FormatOptions.LIBSVM);
            String base = zeroBased(file, options);
            values(file, options);
            LibSvmRows rows = new LibSvmRows(file, declared, options.maxColumns());
            if (base.equals("false")) {
                rows.oneBased();
            }
            watch.held(() -> rows.bytes() + in.heldBytes(), () -> in.line() + 1);
            CharBuf line = null;
            boolean auto = base.equals("auto");
            while (in.next()) {
                byte[] b = in.bytes();
                int to = in.to();
                if (auto && rows.labels.size == 0) { // scikit-learn's comment saying how the indices count
                    rows.stateBase(b, in.from(), to);
                }
                int e = rows.asciiLabel(b, in.from(), to);
                if (e == LibSvmRows.BLANK) {
                    continue;
                }
                if (e == LibSvmRows.TEXT || !rows.asciiPairs(b, e, to)) {
                    if (line == null) {
                        line = new CharBuf(256);
                    }
                    in.decode(line);
                    rows.parse(line.chars, line.length, in.line());
                }
            }
            watch.checkInterrupted();
            return dataset(rows, in.line(), file, options);
        }
    }

    /** The dataset of the rows read from {@code lines} lines of {@code file}. */
    static Dataset dataset(LibSvmRows rows, long lines, Path file, ImportOptions options) {
        int declared = declaredFeatures(file, options);
        String labelName = options.label().orElse(LABEL);
        if (rows.labels.size == 0) {
            throw new ImportException(file, 0, null, lines == 0 ? EMPTY_FILE : NO_ROWS);
        }
        String zeroBased = zeroBased(file, options);
        // auto: as a comment before the rows states (dump_svmlight_file), else 0-based when an index 0 appears
        boolean auto = zeroBased.equals("auto");
        int base = zeroBased.equals("true") || (auto && (rows.statedBase == 0 || rows.sawZero)) ? 0 : 1;
        if (declared > 0 && rows.maxIndex - base >= declared) {
            throw new ImportException(file, 0, N_FEATURES, "feature index " + rows.maxIndex + " is outside the declared "
                    + declared + " features of a 0-based file (" + (zeroBased.equals("true") ? "--zero-based true"
                            : rows.sawZero ? "an index 0 appears" : "the file's comment says so") + "; --zero-based false if it is 1-based)");
        }
        int width = declared > 0 ? declared : Math.max(0, rows.maxIndex + 1 - base);
        rows.rebase(base);
        // names "1".."n" (by position) made when asked: no string per column up to the largest index
        SparseMatrix m = rows.matrix(SparseMatrix.indexNames(width));
        Dataset.Builder b = Dataset.builder(Sources.datasetName(file, options)).source(file.toString())
                .metadata("format", "libsvm")
                .metadata("indices", (base == 0 ? "0-based" : "1-based") + (!auto ? ""
                        : rows.statedBase >= 0 ? " (as the file's comment states)"
                        : base == 1 ? " (auto: no index 0, no comment saying zero-based)" : ""))
                .metadata("features", width + (declared > 0 ? " (declared)" : " (largest index)"));
        if (values(file, options).equals("numeric")) {
            dense(file, m, b, options);
        } else {
            b.sparse(m);
        }
        if (rows.qids > 0) {
            b.metadata("qid", rows.qids + " rows carry a query id (not used as a feature)");
        }
        if (!options.noLabel()) {
            double[] y = rows.labels.toArray();
            double[] distinct = rows.labelValues.values();
            boolean whole = Labels.wholeNumbers(distinct);
            if (Labels.libSvmTarget(labelName, !whole, options)) { // class numbers unless a fraction makes them a measurement
                b.target(NumericColumn.of(labelName, y));
            } else {
                String word = io.plate.api.text.ShellWord.of(labelName);
                String numericFix = whole ? "give --numeric " + word : "leave out --categorical " + word;
                Labels.checkClasses(file, labelName, distinct.length, y.length, "for a numeric target (regression) "
                        + numericFix + ", or import with --no-label");
                String many = whole ? Labels.manyNumberClasses(labelName, distinct.length, y.length, numericFix) : null;
                if (many != null) {
                    b.metadata(Importer.WARNINGS, many);
                }
                b.labels(classes(labelName, distinct, rows.labelCodes.toArray()));
            }
        }
        return b.build();
    }

    /** The matrix as dense numeric columns named by position, after checking that they fit. */
    private static void dense(Path file, SparseMatrix m, Dataset.Builder b, ImportOptions options) {
        int rows = m.rows();
        int width = m.columns();
        ImportWatch.checkAllocation(file, 0, 8L * rows * width + 64L * width, String.format(java.util.Locale.ROOT,
                "--values numeric: %,d rows x %,d dense columns", rows, width), "keep the sparse default, or ", options);
        double[][] x = new double[width][rows];
        for (int r = 0; r < rows; r++) {
            for (int k = m.start(r), e = m.end(r); k < e; k++) {
                x[m.column(k)][r] = m.value(k);
            }
        }
        for (int j = 0; j < width; j++) {
            b.numeric(NumericColumn.of(Integer.toString(j + 1), x[j]));
            x[j] = null;
        }
    }

    private static String zeroBased(Path file, ImportOptions options) {
        String z = options.extra().getOrDefault(ZERO_BASED, "auto").strip().toLowerCase(java.util.Locale.ROOT);
        if (!z.equals("auto") && !z.equals("true") && !z.equals("false")) {
            throw new ImportException(file, 0, ZERO_BASED, "zero_based must be auto, true or false, got " + Sources.quote(z));
        }
        return z;
    }

    private static String values(Path file, ImportOptions options) {
        return values(file, options, "counts");
    }

    /** The {@code values} option (counts or numeric), {@code absent} when it is not given. */
    static String values(Path file, ImportOptions options, String absent) {
        String v = options.extra().getOrDefault(VALUES, absent).strip().toLowerCase(java.util.Locale.ROOT);
        if (!v.equals("counts") && !v.equals("numeric")) {
            throw new ImportException(file, 0, VALUES, "values must be counts or numeric, got " + Sources.quote(v));
        }
        return v;
    }

    private static int declaredFeatures(Path file, ImportOptions options) {
        String s = options.extra().get(N_FEATURES);
        if (s == null) {
            return 0;
        }
        try {
            long n = Long.parseLong(s.strip());
            if (n < 1) {
                throw new ImportException(file, 0, N_FEATURES, "n_features must be at least 1, got " + s);
            }
            if (n > options.maxColumns()) {
                throw new ImportException(file, 0, N_FEATURES, String.format(java.util.Locale.ROOT,
                        "n_features %,d is above the limit of %,d columns (--max-columns)", n, options.maxColumns()));
            }
            return (int) n;
        } catch (NumberFormatException e) {
            throw new ImportException(file, 0, N_FEATURES, "n_features must be a whole number, got " + Sources.quote(s), e);
        }
    }

    /**
     * The class column: the distinct label values in numeric order, as levels written canonically
     * ({@code +1} and {@code 1.0} are both {@code "1"}), from the values numbered as first seen
     * ({@code distinct}) and each row's number ({@code codes}, renumbered in place).
     */
    static CategoricalColumn classes(String name, double[] distinct, int[] codes) {
        double[] sorted = distinct.clone();
        Arrays.sort(sorted);
        int[] rank = new int[distinct.length];
        boolean same = true;
        for (int k = 0; k < distinct.length; k++) {
            rank[k] = Arrays.binarySearch(sorted, distinct[k]);
            same &= rank[k] == k;
        }
        for (int r = 0; r < codes.length && !same; r++) {
            codes[r] = rank[codes[r]];
        }
        List<String> levels = new ArrayList<>(sorted.length);
        for (double v : sorted) {
            levels.add(LevelNumbers.text(v));
        }
        return CategoricalColumn.of(name, levels, codes);
    }
}
