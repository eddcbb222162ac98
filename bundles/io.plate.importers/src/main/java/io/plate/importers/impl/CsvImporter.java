package io.plate.importers.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.NumericColumn;
import io.plate.api.text.Visible;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.osgi.service.component.annotations.Component;

/**
 * Delimited text with a header row (RFC 4180 quoting, comma, semicolon or tab, UTF-8 with or without a
 * byte-order mark). Each column is numeric when every non-missing cell is a decimal number, else
 * categorical; {@code --categorical COLS|all} and {@code --numeric COLS} override. The label column (by
 * name, default the last) becomes the class labels, or a numeric regression target when it is forced
 * numeric.
 */
@Component(service = Importer.class, property = {
        Importer.FORMAT + "=csv",
        Importer.EXTENSIONS + "=csv" })
public final class CsvImporter implements Importer {
    /** The file extensions this importer claims (lower case); a dataset's default name cuts them. */
    static final List<String> EXTENSIONS = List.of("csv");

    @Override
    public String format() {
        return "csv";
    }

    @Override
    public List<String> extensions() {
        return EXTENSIONS;
    }

    @Override
    public String description() {
        return "delimited text with a header row (RFC 4180; comma, semicolon or tab; types inferred)";
    }

    @Override
    public Dataset read(Path file, ImportOptions options) throws ImportException {
        InputStream in = Sources.open(file);
        return read(in, file, options);
    }

    /**
     * {@code --format csv} when the first line has a comma, semicolon or tab (outside quotes), with
     * {@code --no-header} when it is mostly numbers; {@code --format csv --delimiter ' ' --no-header} for
     * numbers between spaces (numpy's savetxt); nothing for the documents the text importer suggests itself
     * for. Read as Latin-1: only its punctuation counts here.
     */
    @Override
    public Optional<String> suggest(Path file) {
        if (new TextImporter().suggest(file).isPresent()) {
            return Optional.empty(); // documents: as a table their text would be a column of levels
        }
        try (TextInput in = new TextInput(Sources.open(file), file, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            CsvRecordReader rec = new CsvRecordReader(in, (char) 0, new LineLimit(SUGGEST_LINE, 0));
            if (!rec.next()) {
                return Optional.empty();
            }
            if (rec.fields() >= 2) {
                return Optional.of("--format csv" + (looksLikeData(rec, rec.fields()) ? " --no-header" : ""));
            }
            return numbersBetweenSpaces(rec.field(0)) >= 2 ? Optional.of("--format csv --delimiter ' ' --no-header")
                    : Optional.empty();
        } catch (ImportException e) {
            return Optional.empty(); // not readable as text lines: not a CSV file to suggest
        }
    }

    /**
     * Bytes a column takes before its rows, at the most: its name, its entries in the header's tables, its first
     * cells and the column made of them (a file of 10^6 columns and one row needs a heap of about 200 MB).
     */
    static final long BYTES_PER_COLUMN = 200;

    /** Longest first record {@link #suggest} reads. */
    static final int SUGGEST_LINE = 1 << 20;

    /** Reads from a stream (closed at the end); {@code file} names the input in messages and metadata. */
    Dataset read(InputStream stream, Path file, ImportOptions options) {
        ImportWatch watch = ImportWatch.of(file, stream, options);
        try (TextInput in = new TextInput(watch.wrap(stream), file, Sources.charset(file, options)).hintEncoding()) {
            FormatOptions.check(file, options, FormatOptions.CSV);
            CsvRecordReader rec = new CsvRecordReader(in, options.delimiter().orElse((char) 0), LineLimit.of(options));
            CellColumn[][] reading = {new CellColumn[0]};
            FirstRows[] kept = {null};
            watch.held(() -> rec.bytes() + bytes(reading[0]) + (kept[0] == null ? 0 : kept[0].bytes()), () -> in.line() + 1);
            if (!rec.next()) {
                throw new ImportException(file, 0, null, EMPTY_FILE);
            }
            int width = rec.fields();
            NumberStyle numberStyle = NumberStyle.of(file, options);
            boolean header = header(file, options);
            int spaced = width == 1 && options.delimiter().isEmpty() ? numbersBetweenSpaces(rec.field(0)) : 0;
            if (spaced >= 2) { // one column of '5.1 3.5 1.4': numpy's savetxt (and R's write.table) separate by spaces
                throw new ImportException(file, rec.line(), null, "the first line holds " + spaced + " numbers separated by"
                        + " spaces and no comma, semicolon or tab (numpy's savetxt writes so): give --delimiter ' '"
                        + (header ? " --no-header (the first line is data)" : ""));
            }
            // one column: a table separated by spaces? (pandas' to_csv(sep=' '), R's write.table) looked at with the first row
            String oneColumnHeader = header && width == 1 && options.delimiter().isEmpty() ? rec.lastLine() : null;
            long headerLine = rec.line();
            if (width > options.maxColumns()) {
                throw new ImportException(file, rec.line(), null, String.format(java.util.Locale.ROOT,
                        "the header has %,d columns, more than the limit of %,d (--max-columns)", width, options.maxColumns()));
            }
            ImportWatch.checkAllocation(file, rec.line(), BYTES_PER_COLUMN * width, String.format(java.util.Locale.ROOT,
                    "the %,d columns of the first line", width), "", options);
            // ids in header order; no map entry per column (10^6 columns), and no regrowth
            TermTable byName = new TermTable(width, rec.end(width - 1) + 8);
            boolean[] unnamed = new boolean[width];
            boolean looksLikeData = header && looksLikeData(rec, width);
            List<String> names = headerNames(file, rec, width, byName, header, unnamed, looksLikeData);
            String otherDelimiter = header && width == 1 ? otherDelimiter(names.get(0), rec.delimiter()) : null;
            if (otherDelimiter != null && !options.noLabel()) { // a label and no feature: read with the wrong delimiter
                throw new ImportException(file, rec.line(), null, otherDelimiter);
            }
            // pandas' row index is among these; with no header only the first column can be, numbering the rows in order
            int indexCandidates = header ? unnamedPrefix(names, unnamed) : 1;
            int labelIndex = labelIndex(file, rec.line(), options, names, byName);
            options = ColumnLists.resolved(options, n -> byName.find(n) >= 0); // 'size, cm' whole, or '"size, cm",w'
            checkNamed(file, rec.line(), options.categorical(), names, byName, "--categorical", true);
            checkNamed(file, rec.line(), options.numeric(), names, byName, "--numeric", false);
            for (String n : options.numeric()) {
                if (options.categorical().contains(n)) {
                    throw new ImportException(file, rec.line(), n, "named both --categorical and --numeric");
                }
            }
            Set<String> ignored = ignored(file, rec.line(), options, names, byName);
            MissingMarkers missing = new MissingMarkers(options);
            long[][] wordsMissing = new long[width][]; // per column, cells read as missing per word marker (None, NA)
            FirstRows first = new FirstRows(width);
            kept[0] = first;
            boolean[] missingCell = new boolean[width];
            CellColumn[] cols = null;
            watch.baseline();
            int rows = 0;
            boolean firstIsData = !header; // --no-header: the first record read above is a row
            while (firstIsData || rec.next()) {
                firstIsData = false;
                if (oneColumnHeader != null) {
                    spaceSeparatedTable(file, headerLine, oneColumnHeader, rec.lastLine());
                    oneColumnHeader = null;
                }
                if (rec.fields() != width) {
                    throw new ImportException(file, rec.line(), "field " + (rec.fields() < width ? rec.fields() + 1 : width + 1),
                            "ragged row: expected " + width + " fields as in the header, found " + rec.fields());
                }
                if (!numberStyle.plain()) { // 1,5 and 1.500,25 as the cell parser reads them: 1.5, 1500.25
                    numberStyle.rewrite(rec, width);
                }
                char[] c = rec.chars();
                if (cols == null && first.rows() < FirstRows.ROWS) {
                    for (int i = 0; i < width; i++) {
                        missingCell[i] = isMissing(c, rec.start(i), rec.end(i), missing, wordsMissing, i);
                    }
                    first.add(rec, missingCell);
                    rows++;
                    continue;
                }
                if (cols == null) { // a longer file: columns that grow with the rows
                    cols = new CellColumn[width];
                    for (int i = 0; i < width; i++) {
                        cols[i] = new CellColumn(names.get(i), 2 * FirstRows.ROWS);
                    }
                    first.replay(cols);
                    reading[0] = cols;
                }
                for (int i = 0; i < width; i++) {
                    int s = rec.start(i);
                    int e = rec.end(i);
                    if (isMissing(c, s, e, missing, wordsMissing, i)) {
                        cols[i].addMissing();
                    } else {
                        cols[i].add(c, s, e, rec.line());
                    }
                }
                rows++;
            }
            if (rows == 0) {
                throw new ImportException(file, rec.line() + 1, null, "no data rows after the header");
            }
            boolean[] emptyUnnamed = emptyUnnamed(unnamed, cols, first, names, options);
            boolean[] dropped = emptyUnnamed.clone(); // and the columns --ignore names
            for (String n : ignored) {
                dropped[byName.find(n)] = true;
            }
            if (!ignored.isEmpty() && java.util.stream.IntStream.range(0, width).allMatch(i -> dropped[i])) {
                throw new ImportException(file, 0, null, "--ignore leaves no column to import");
            }
            if (options.label().isEmpty() && !options.noLabel()) { // the default label: the last column kept
                labelIndex = width - 1;
                while (dropped[labelIndex]) {
                    labelIndex--;
                }
            }
            NumericColumn[] numbers = null; // columns finished as numbers (a file of a few rows), else null
            if (cols == null) { // a file of a few rows: each column made at once from its cells
                cols = new CellColumn[width];
                numbers = new NumericColumn[width];
                fewRowColumns(first, names, labelIndex, options, cols, numbers, dropped, numberStyle);
            }
            watch.checkInterrupted();
            List<String> warnings = new ArrayList<>();
            if (looksLikeData) {
                warnings.add("the header line " + Sources.quote(String.join(String.valueOf(rec.delimiter()), names))
                        + " is mostly numbers: if it is the first row of data, import with --no-header (columns V1..V"
                        + width + ")");
            }
            droppedNote(emptyUnnamed, warnings);
            if (otherDelimiter != null) {
                warnings.add(0, otherDelimiter);
            }
            String lostClasses = labelIndex < 0 ? null : missing.labelWarning(names.get(labelIndex), wordsMissing[labelIndex]);
            return build(file, options, names, cols, numbers, labelIndex, rows, rec.delimiter(), header, indexCandidates, dropped,
                    warnings, lostClasses, numberStyle);
        }
    }

    /**
     * The header's names, stripped, {@code V1, V2, …} for empty ones (and for all with no header, as Weka and
     * R name them), interned in {@code byName} in column order, {@code unnamed[i]} set for those; a repeated
     * name fails (saying {@code --no-header} when the header line {@code looksLikeData}).
     */
    private static List<String> headerNames(Path file, CsvRecordReader rec, int width, TermTable byName, boolean hasHeader,
            boolean[] unnamed, boolean looksLikeData) {
        List<String> names = new ArrayList<>(width);
        char[] header = rec.chars();
        for (int i = 0; i < width; i++) {
            if (!hasHeader) {
                unnamed[i] = true;
                String n = columnName(i);
                byName.intern(n);
                names.add(n);
                continue;
            }
            int s = rec.start(i);
            int e = rec.end(i);
            while (s < e && Character.isWhitespace(header[s])) { // String.strip on the chars: no String to drop
                s++;
            }
            while (e > s && Character.isWhitespace(header[e - 1])) {
                e--;
            }
            unnamed[i] = s == e;
            String n = s == e ? columnName(i) : null;
            int first = n == null ? byName.intern(header, s, e - s) : byName.intern(n);
            if (n == null) {
                n = new String(header, s, e - s);
            }
            if (first != i) {
                throw new ImportException(file, rec.line(), n,
                        "duplicate column name (fields " + (first + 1) + " and " + (i + 1) + ")"
                                + (looksLikeData ? "; the header line is mostly numbers: if the file has no header row,"
                                        + " import with --no-header" : ""));
            }
            names.add(n);
        }
        return names;
    }

    /**
     * Refuses a one-column file whose header and first row split at single spaces (quotes honoured) into the
     * same number of fields, 2 or more: a table separated by spaces, which {@code --delimiter ' '} reads.
     */
    private static void spaceSeparatedTable(Path file, long line, String header, String firstRow) {
        List<String> names = spaceSeparated(header);
        if (names.size() >= 2 && spaceSeparated(firstRow).size() == names.size()) {
            throw new ImportException(file, line, null, "the header holds " + names.size() + " names separated by spaces "
                    + Sources.names(names) + ", and the first row as many values, with no comma, semicolon or tab between"
                    + " them (pandas' to_csv(sep=' ') writes so): give --delimiter ' '");
        }
    }

    /**
     * The fields of {@code line} split at single spaces as {@code --delimiter ' '} splits a record (quotes
     * honoured), or none when a field would be empty (spaces repeated to align columns are not that delimiter).
     */
    static List<String> spaceSeparated(String line) {
        List<String> fields = CsvRecordReader.fields(line, ' ');
        return fields.contains("") ? List.of() : fields;
    }

    /** How many numbers {@code line} holds between single or repeated spaces when it is nothing else, else 0. */
    static int numbersBetweenSpaces(String line) {
        String[] tokens = line.strip().split(" +");
        for (String t : tokens) {
            if (!isNumber(t)) {
                return 0;
            }
        }
        return tokens.length;
    }

    /** The name of column {@code i} (0-based) when the header gives none: {@code V1, V2, …} (Weka's and R's). */
    public static String columnName(int i) {
        return "V" + (i + 1);
    }

    /** Each column of a file of a few rows, as finished numbers when it can be, else with its levels. */
    private static void fewRowColumns(FirstRows first, List<String> names, int labelIndex, ImportOptions options,
            CellColumn[] cols, NumericColumn[] numbers, boolean[] dropped, NumberStyle numberStyle) {
        boolean allCategorical = options.categorical().contains(ImportOptions.ALL);
        for (int i = 0; i < cols.length; i++) {
            if (dropped[i]) {
                continue;
            }
            String n = names.get(i);
            // a column with a number written 1.500 under --decimal , is text: made with its levels (see build)
            boolean keepText = i == labelIndex || allCategorical || options.categorical().contains(n)
                    || numberStyle.pointed(i) != null;
            numbers[i] = keepText ? null : first.numbers(n, i);
            cols[i] = numbers[i] != null ? null : first.column(n, i);
        }
    }

    /**
     * {@link ImportOptions#extra()} key: the decimal separator of the file's numbers, {@code .} (default) or
     * {@code ,} (as pandas' {@code read_csv(decimal=',')}).
     */
    public static final String DECIMAL = "decimal";

    /**
     * {@link ImportOptions#extra()} key: {@code true} (default) when the first line names the columns,
     * {@code false} when it is data (pandas' {@code to_csv(header=False)}); columns are then {@code V1..Vn}.
     */
    public static final String HEADER = "header";

    /**
     * {@link ImportOptions#extra()} key: columns to leave out, comma-separated, as if the file did not have
     * them (an identifier, a column that gives the answer away); shell {@code --ignore COLS}.
     */
    public static final String IGNORE = "ignore";

    /** What an empty file is told (Plate on Spark says it too). */
    public static final String EMPTY_FILE = "empty file; expected a header row";

    /** Whether the first line names the columns (extra key {@code header}, shell {@code --no-header}); CSV and text. */
    static boolean header(Path file, ImportOptions options) {
        String h = options.extra().getOrDefault(HEADER, "true").strip().toLowerCase(java.util.Locale.ROOT);
        if (!h.equals("true") && !h.equals("false")) {
            throw new ImportException(file, 0, HEADER, "header must be true or false, got " + Sources.quote(h));
        }
        return h.equals("true");
    }

    /** Whether more than half of the header's fields are numbers: the first line is likely a row of data. */
    private static boolean looksLikeData(CsvRecordReader rec, int width) {
        int numbers = 0;
        for (int i = 0; i < width; i++) {
            numbers += Double.isNaN(Numbers.parse(rec.chars(), rec.start(i), rec.end(i))) ? 0 : 1;
        }
        return 2 * numbers > width;
    }

    /**
     * The columns to leave out: no name in the header and no value in any row (what a delimiter at the end
     * of every line makes, as Excel exports), unless an option names them or nothing else would be left.
     */
    private static boolean[] emptyUnnamed(boolean[] unnamed, CellColumn[] cols, FirstRows first, List<String> names,
            ImportOptions options) {
        boolean[] drop = new boolean[unnamed.length];
        int kept = unnamed.length;
        for (int i = 0; i < unnamed.length; i++) {
            String n = names.get(i);
            drop[i] = unnamed[i] && (cols == null ? first.allMissing(i) : cols[i].present() == 0)
                    && !n.equals(options.label().orElse(null)) && !options.categorical().contains(n)
                    && !options.numeric().contains(n);
            kept -= drop[i] ? 1 : 0;
        }
        return kept == 0 ? new boolean[unnamed.length] : drop;
    }

    /** One line naming the columns left out by {@link #emptyUnnamed}, if any. */
    private static void droppedNote(boolean[] dropped, List<String> warnings) {
        List<String> which = new ArrayList<>();
        for (int i = 0; i < dropped.length; i++) {
            if (dropped[i]) {
                which.add(Integer.toString(i + 1));
            }
        }
        if (!which.isEmpty()) {
            boolean one = which.size() == 1;
            warnings.add((one ? "column " : "columns ") + String.join(", ", which) + (one ? " has" : " have")
                    + " no name and no values (a delimiter at the end of every line?): left out");
        }
    }

    /** The missing markers in use plus {@code value}, as one {@code --missing} value to copy. */
    static String missingWith(ImportOptions options, String value) {
        return missingList(options.missing(), value);
    }

    /** {@code markers} (then {@code more}) as one quoted {@code --missing} value to copy: '?' then the empty cell first: ?,,… */
    static String missingList(java.util.Collection<String> markers, String... more) {
        List<String> m = new ArrayList<>(new TreeSet<>(markers));
        if (m.remove("")) {
            m.add(0, "");
        }
        if (m.remove("?")) {
            m.add(0, "?");
        }
        m.addAll(List.of(more));
        return "'" + String.join(",", m) + "'";
    }

    /** Adds a warning when {@code col}, which became categorical, is numbers but for a few cells ({@link #strayCells}). */
    private static void oddCells(CellColumn col, ImportOptions options, List<String> warnings) {
        String warning = strayCells(col.name, col.nonNumberCells(), col.present(), col.firstBad(), col.firstBadLine(), options);
        if (warning != null) {
            warnings.add(warning);
        }
    }

    /**
     * The warning for column {@code name}, which became categorical, when it is numbers but for a few of its
     * {@code present} cells ({@code odd} of them, such as {@code bad}, on {@code line}; 0 when not known): at
     * most 1 in 20, or a single one among at least 3 numbers, likely missing markers; else null. Not for more:
     * car's {@code doors} (2, 3, 4, 5more, a quarter each) is categories. Plate on Spark says it too.
     */
    public static String strayCells(String name, long odd, long present, String bad, long line, ImportOptions options) {
        boolean single = odd == 1 && present >= 4; // one odd cell among three numbers or more
        if (odd == 0 || (!single && 20L * odd > present)) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "column '%s' holds numbers but for %,d cell%s such as %s%s, so it"
                + " became categorical: %s", Visible.name(name), odd, odd == 1 ? "" : "s", Sources.quote(bad),
                line > 0 ? " (line " + line + ")" : "", missingAdvice(bad, options));
    }

    /**
     * How to read the cell {@code bad} as missing: {@code --missing} with it when it can be typed there; a cell
     * with a character that prints as nothing (a no-break space), or too long to quote whole, is not pasted into
     * the command: what is wrong with it is said instead.
     */
    static String missingAdvice(String bad, ImportOptions options) {
        if (!Visible.text(bad).equals(bad)) {
            return "it holds a character that prints as nothing (shown as " + Visible.text(invisibleIn(bad))
                    + "): take it out of the file";
        }
        if (bad.length() > Sources.QUOTED_LENGTH) {
            return String.format(java.util.Locale.ROOT, "if that cell (%,d characters) marks a missing value, replace it"
                    + " in the file with ? or an empty cell", bad.length());
        }
        return "if " + Sources.quote(bad) + " marks a missing value, import with --missing " + missingWith(options, bad);
    }

    /** The first character of {@code s} that {@link Visible#text} escapes, as a string. */
    private static String invisibleIn(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (io.plate.api.text.CharacterClass.INVISIBLE.contains(s.charAt(i))) {
                return String.valueOf(s.charAt(i));
            }
        }
        return "";
    }

    /** {@code inf} and {@code -inf} for {@code inf}, {@code -inf} or {@code +inf} (as written, then the other signs). */
    private static String bothSigns(String infinity) {
        String v = infinity.strip();
        String bare = v.startsWith("+") || v.startsWith("-") ? v.substring(1) : v;
        return (v.startsWith("+") ? v + "," : "") + bare + ",-" + bare;
    }

    /** The one-line refusal of an infinity in a column read as numbers, with the two ways out. */
    private static ImportException infinity(Path file, CellColumn col, ImportOptions options) {
        String inf = col.firstInfinite();
        return new ImportException(file, col.firstInfiniteLine(), col.name, Sources.quote(inf)
                + " is an infinite number, which Plate cannot use: replace it in the file"
                + (inf.length() > Sources.QUOTED_LENGTH ? "" // too long to paste into a command
                        : ", or read it as missing with --missing " + missingWith(options, bothSigns(inf))));
    }

    /** How many of a column's first distinct texts are looked at to tell words from codes (and decimal commas). */
    public static final int FREE_TEXT_LEVELS = 1000;

    /**
     * Adds a warning when {@code col}, a categorical feature, has (nearly) one value per row
     * ({@link Labels#onePerRowWarning}), its words looked at in the first {@link #FREE_TEXT_LEVELS} levels; the
     * text import it advises names this import's label column {@code label} (null: none), so that it works as given.
     */
    private static void freeText(CellColumn col, int rows, char delimiter, String label, List<String> warnings) {
        // numbers named in --categorical are meant as categories (--categorical all on measurements: one per column)
        if (col.allNumeric()) {
            return;
        }
        int levels = col.distinct();
        String warning = Labels.onePerRowWarning(col.name, levels, rows, col.levelsWithSpace(FREE_TEXT_LEVELS),
                Math.min(levels, FREE_TEXT_LEVELS), "--format text --text-column " + io.plate.api.text.ShellWord.of(col.name)
                        + (delimiter == '\t' ? "" : " --delimiter " + delimiter) + textLabel(label));
        if (warning != null) {
            warnings.add(warning);
        }
    }

    /** The text importer's options for label column {@code label} (null: none): none for its default 'label'. */
    static String textLabel(String label) {
        return label == null ? " --no-label" : label.equals(TextImporter.LABEL) ? ""
                : " --label " + io.plate.api.text.ShellWord.of(label);
    }

    private static long bytes(CellColumn[] cols) {
        long b = 16 + 4L * cols.length;
        for (CellColumn c : cols) {
            b += c.bytes();
        }
        return b;
    }

    /** Whether {@code c[s, e)} is a missing marker; a word marker is counted for {@code column} in {@code words}. */
    private static boolean isMissing(char[] c, int s, int e, MissingMarkers missing, long[][] words, int column) {
        int m = missing.find(c, s, e);
        if (m >= 0 && missing.word(m)) {
            if (words[column] == null) {
                words[column] = new long[missing.size()];
            }
            words[column][m]++;
        }
        return m >= 0;
    }

    private static int labelIndex(Path file, long line, ImportOptions options, List<String> names,
            TermTable byName) {
        if (options.noLabel()) {
            return -1; // with --label too: refused by FormatOptions
        }
        if (options.label().isEmpty()) {
            return names.size() - 1;
        }
        int i = byName.find(options.label().get());
        if (i < 0) {
            throw new ImportException(file, line, options.label().get(),
                    "no label column of that name; the header has " + Sources.names(names));
        }
        return i;
    }

    /**
     * The columns {@link #IGNORE} names, each one the header has, none the label or named by another option
     * (a column cannot be left out and read).
     */
    private static Set<String> ignored(Path file, long line, ImportOptions options, List<String> names, TermTable byName) {
        Set<String> ignored = ignored(file, line, options, n -> byName.find(n) >= 0);
        checkNamed(file, line, ignored, names, byName, "--ignore", false);
        return ignored;
    }

    /**
     * The names {@link #IGNORE} gives (CSV columns, ARFF attributes; read by {@link ColumnLists#named} against the
     * file's names, which {@code isColumn} tells), none the label or named by another option; the caller checks
     * that the file has them.
     */
    public static Set<String> ignored(Path file, long line, ImportOptions options, java.util.function.Predicate<String> isColumn) {
        Set<String> ignored = ColumnLists.named(List.of(options.extra().getOrDefault(IGNORE, "")), isColumn);
        for (String n : ignored) {
            String other = n.equals(options.label().orElse(null)) ? "--label" : options.categorical().contains(n)
                    ? "--categorical" : options.numeric().contains(n) ? "--numeric" : null;
            if (other != null) {
                throw new ImportException(file, line, n, "named both --ignore and " + other + ": give one");
            }
        }
        return ignored;
    }

    private static void checkNamed(Path file, long line, Set<String> requested, List<String> names, TermTable byName,
            String option, boolean allowAll) {
        for (String n : new TreeSet<>(requested)) {
            if (allowAll && ImportOptions.ALL.equals(n)) {
                continue;
            }
            if (byName.find(n) < 0) {
                throw new ImportException(file, line, n, option + " names a column the header does not have; it has "
                        + Sources.wholeNames(names) + ColumnLists.commaHint(option, names));
            }
        }
    }

    /**
     * When the header is one column whose name holds another delimiter (',', ';', '|' or a tab, the most frequent
     * of them), the advice to give it: the file was read with the wrong delimiter ({@code --delimiter tab} on a
     * comma-separated file) or one not found ('|'); else null.
     */
    static String otherDelimiter(String name, char used) {
        char best = 0;
        long most = 0;
        for (char c : new char[] {',', ';', '|', '\t'}) {
            long n = name.chars().filter(ch -> ch == c).count();
            if (c != used && n > most) {
                best = c;
                most = n;
            }
        }
        if (best == 0) {
            return null;
        }
        String shown = best == '\t' ? "a tab" : "'" + best + "'";
        return "the header is one column, " + Sources.quote(name) + ", which holds " + shown + " " + (most == 1 ? "once" : most + " times")
                + ": if " + shown + " separates the columns, give --delimiter "
                + (best == '\t' ? "tab" : io.plate.api.text.ShellWord.of(String.valueOf(best)));
    }

    /** The delimiter this importer finds in a header line: the most frequent of comma, semicolon and tab outside quotes. */
    public static char detectDelimiter(String headerLine) {
        return CsvRecordReader.detect(headerLine);
    }

    /**
     * Whether the texts are all numbers, at least one written with a decimal comma that is no thousands separator ({@code 1,5}): a column
     * of such levels was written by a spreadsheet that uses the comma, and {@code --decimal ,} reads it.
     */
    public static boolean decimalCommaNumbers(Iterable<String> texts) {
        return CommaNumbers.of(texts) == CommaNumbers.DECIMAL; // not 2,500, which may be 2500 (CommaNumbers.EITHER)
    }

    /**
     * {@code cell} as this importer reads it with {@code --decimal ,}: a number written with a decimal comma
     * gets a point in its place, any other text stays (null stays null); for readers of the same files on Spark.
     */
    public static String withDecimalPoint(String cell) {
        if (cell == null) {
            return null;
        }
        char[] c = cell.toCharArray();
        int comma = Numbers.decimalComma(c, 0, c.length);
        if (comma < 0) {
            return cell;
        }
        c[comma] = '.';
        return new String(c);
    }

    /** Whether {@code cell} is a number as this importer reads numbers (finite decimal, spaces around allowed). */
    public static boolean isNumber(String cell) {
        return cell != null && !Double.isNaN(Numbers.parse(cell.toCharArray(), 0, cell.length()));
    }

    /** pandas' name for a column with no name in the header it read ({@code Unnamed: 0}), kept when it writes the frame back. */
    private static final java.util.regex.Pattern PANDAS_UNNAMED = java.util.regex.Pattern.compile("Unnamed: \\d+");

    /**
     * How many columns at the start have no name, either an empty header cell or pandas' {@code Unnamed: N}
     * (a file read without {@code index_col=0} and written again keeps its index as {@code Unnamed: 0}):
     * where pandas' row index is; {@code unnamed[i]} is whether header cell {@code i} is empty.
     */
    static int unnamedPrefix(List<String> names, boolean[] unnamed) {
        int n = 0;
        while (n < names.size() && (unnamed[n] || PANDAS_UNNAMED.matcher(names.get(n)).matches())) {
            n++;
        }
        return n;
    }

    /**
     * What makes {@code c} a row index, or null when it is not one: numbering the rows in order from 0 or 1,
     * as pandas' {@code to_csv} (and R's {@code write.csv}) writes it, or distinct whole numbers >= 0 in any
     * order, the index of a subset of a frame's rows (a split, a filter, a sample), unless {@code anyOrder} is false.
     */
    static String rowIndex(NumericColumn c, boolean anyOrder) {
        int n = c.size();
        if (n == 0) {
            return null;
        }
        double base = c.value(0);
        boolean inOrder = n >= 2 && (base == 0 || base == 1);
        double[] sorted = anyOrder ? new double[n] : null;
        for (int r = 0; r < n; r++) {
            double v = c.value(r);
            if (!(v >= 0) || v != Math.rint(v) || v >= 0x1p53) {
                return null;
            }
            inOrder &= v == r + base;
            if (!anyOrder && !inOrder) {
                return null;
            }
            if (sorted != null) {
                sorted[r] = v;
            }
        }
        if (inOrder) {
            return String.format(java.util.Locale.ROOT, "numbers the rows %.0f..%.0f in order", base, base + n - 1);
        }
        if (!anyOrder) {
            return null;
        }
        java.util.Arrays.sort(sorted);
        for (int r = 1; r < n; r++) {
            if (sorted[r] == sorted[r - 1]) {
                return null;
            }
        }
        StringBuilder first = new StringBuilder();
        for (int r = 0; r < Math.min(n, 3); r++) {
            first.append(r == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "%.0f", c.value(r)));
        }
        return String.format(java.util.Locale.ROOT, "holds %,d distinct whole number%s (%s%s), as a subset of a frame's"
                + " rows keeps its index (a split, a filter, a sample)", n, n == 1 ? "" : "s", first, n > 3 ? ", …" : "");
    }

    /**
     * Adds a warning when {@code c}, a named column of numbers, numbers the rows in order from 0 or 1 (in at
     * least {@link Labels#MIN_ROWS} rows): an identifier, which as a feature tells a learner the file's order
     * (iris sorted by species: nb.gaussian 0.9933 with it) and as the label is no target, with the option that leaves it out.
     */
    private static void identifier(NumericColumn c, boolean label, List<String> warnings) {
        String why = c.size() >= Labels.MIN_ROWS ? rowIndex(c, false) : null;
        if (why != null) {
            warnings.add((label ? "the label column '" : "column '") + Visible.name(c.name()) + "' " + why + ": an identifier, "
                    + (label ? "not a target: name the label with --label COLUMN and leave this one out"
                            : "from which a learner would learn the file's order, not the data: leave it out")
                    + " with --ignore " + io.plate.api.text.ShellWord.of(c.name()));
        }
    }

    /** Whether every value of {@code c} is missing. */
    private static boolean noValue(NumericColumn c) {
        for (int r = 0; r < c.size(); r++) {
            if (!Double.isNaN(c.value(r))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code name} is the one given to column {@code i} for an empty header cell. */
    private static boolean unnamedHeader(String name, int i) {
        return name.equals(columnName(i));
    }

    private static Dataset build(Path file, ImportOptions options, List<String> names, CellColumn[] cols,
            NumericColumn[] numbers, int labelIndex, int rows, char delimiter, boolean header, int indexCandidates,
            boolean[] dropped, List<String> warnings, String lostClasses, NumberStyle numberStyle) {
        Dataset.Builder b = Dataset.builder(Sources.datasetName(file, options)).source(file.toString())
                .metadata("format", "csv")
                .metadata("delimiter", delimiter == '\t' ? "tab" : String.valueOf(delimiter))
                .metadata("missing", String.join(" ", new TreeSet<>(options.missing())));
        boolean allCategorical = options.categorical().contains(ImportOptions.ALL);
        // columns of numbers written with a comma, by how they read (decimal comma, thousands, either), and a cell of each
        java.util.Map<CommaNumbers, List<String>> commaNumbers = new java.util.EnumMap<>(CommaNumbers.class);
        java.util.Map<CommaNumbers, String> commaExamples = new java.util.EnumMap<>(CommaNumbers.class);
        List<Integer> pointedNumbers = new ArrayList<>(); // with --decimal ,: numbers written 1.500, kept as text
        List<String> empty = new ArrayList<>(); // features with no value in any row
        for (int i = 0; i < cols.length; i++) {
            if (dropped[i]) {
                continue;
            }
            if (i < indexCandidates && i != labelIndex && !options.numeric().contains(names.get(i))
                    && !options.categorical().contains(names.get(i))) {
                NumericColumn index = numbers != null && numbers[i] != null ? numbers[i]
                        : cols[i].allNumeric() ? cols[i].toNumeric() : null;
                String why = index == null ? null : rowIndex(index, header);
                if (why != null && !header) { // no header: no empty name to go by, so only the rows numbered in order
                    warnings.add("the first column " + names.get(i) + " " + why + ": a row index (pandas' to_csv(header=False)"
                            + " writes one unless index=False), left out (name it in --numeric " + io.plate.api.text.ShellWord.of(names.get(i)) + " to keep it)");
                    continue;
                }
                if (why != null) {
                    // as a feature, the row's place in the file written first would tell a learner how that file was sorted
                    warnings.add((!unnamedHeader(names.get(i), i) ? "column '" + Visible.name(names.get(i)) + "' (pandas' name for a"
                            + " column with no name) " : i == 0 ? "the first column has no name and " : "column " + (i + 1)
                            + " has no name and ") + why
                            + ": a row index (pandas' to_csv writes one unless index=False), left out (give it a name in"
                            + " the header to keep it)");
                    continue;
                }
                indexCandidates = i; // only leading index columns
            }
            if (i != labelIndex && (numbers != null && numbers[i] != null ? noValue(numbers[i]) : cols[i].present() == 0)) {
                empty.add(names.get(i));
            }
            if (numbers != null && numbers[i] != null) { // neither the label forced categorical nor a category
                if (!options.numeric().contains(names.get(i))) {
                    identifier(numbers[i], i == labelIndex, warnings);
                }
                if (i == labelIndex) {
                    b.target(numbers[i]);
                } else {
                    b.numeric(numbers[i]);
                }
                continue;
            }
            CellColumn col = cols[i];
            String n = names.get(i);
            boolean forcedNumeric = options.numeric().contains(n);
            boolean forcedCategorical = allCategorical || options.categorical().contains(n);
            String pointed = numberStyle.pointed(i);
            if (pointed != null) { // 1.500 under --decimal ,: not a number, as pandas reads it
                if (forcedNumeric) {
                    throw new ImportException(file, numberStyle.pointedLine(i), n, numberStyle.notANumber(pointed));
                }
                if (!forcedCategorical && numberStyle.numbersButForPoints(col.firstLevels(FREE_TEXT_LEVELS))) {
                    pointedNumbers.add(i);
                }
                col.notNumbers(pointed, numberStyle.pointedLine(i));
            }
            if (forcedNumeric && !col.allNumeric() && col.firstBad() != null) {
                throw new ImportException(file, col.firstBadLine(), n,
                        "expected a number (column forced numeric), found " + Sources.quote(col.firstBad()));
            }
            boolean asNumbers = forcedNumeric || (!forcedCategorical && col.allNumeric());
            if (asNumbers && col.firstInfinite() != null) {
                throw infinity(file, col, options);
            }
            if (!asNumbers && !forcedCategorical && col.commaNumbers(FREE_TEXT_LEVELS) == CommaNumbers.NONE) {
                oddCells(col, options, warnings);
            }
            if (i == labelIndex) {
                if (col.present() == 0) { // as an empty feature is told: a target of no value (pandas reads it so)
                    warnings.add(Labels.emptyLabel(n, rows));
                }
                // as in Weka: a numeric label column is a numeric target unless --categorical names it
                if (Labels.numericTarget(n, col.allNumeric(), options)) {
                    NumericColumn target = col.toNumeric();
                    if (!forcedNumeric) {
                        identifier(target, true, warnings);
                    }
                    b.target(target);
                } else {
                    CategoricalColumn classes = col.toCategorical(); // 1 and 1.0 one class (LevelNumbers.levels)
                    Labels.checkClasses(file, n, classes.cardinality(), rows, Labels.COLUMN_FIX);
                    if (lostClasses != null) { // a class named None or NA read as missing: say so, with the fix
                        warnings.add(lostClasses);
                    }
                    b.labels(classes);
                }
            } else if (forcedNumeric) {
                b.numeric(col.toNumeric());
            } else if (!forcedCategorical && col.allNumeric()) {
                NumericColumn feature = col.toNumericKeepingCodes(); // codes such as 007 as written, for a model that has them as levels
                identifier(feature, false, warnings);
                b.numeric(feature);
            } else {
                if (!pointedNumbers.contains(i)) { // numbers kept as text are told their own warning
                    freeText(col, rows, delimiter, labelIndex < 0 ? null : cols[labelIndex].name, warnings);
                }
                CommaNumbers reading = forcedCategorical ? CommaNumbers.NONE : col.commaNumbers(FREE_TEXT_LEVELS);
                if (reading != CommaNumbers.NONE) {
                    commaNumbers.computeIfAbsent(reading, r -> new ArrayList<>()).add(n);
                    commaExamples.putIfAbsent(reading, CommaNumbers.example(col.firstLevels(FREE_TEXT_LEVELS)));
                }
                b.categorical(col.toCategorical());
            }
        }
        if (!empty.isEmpty()) { // kept, as pandas keeps an all-NaN column, but a learner can use nothing of it
            boolean one = empty.size() == 1;
            String it = one ? "it" : "them";
            warnings.add(String.format(java.util.Locale.ROOT, "%s no value in any of the %,d rows: a learner can learn"
                    + " nothing from %s; leave %s out of the file (pandas: df.dropna(axis=1, how='all'))",
                    one ? "column '" + Visible.name(empty.get(0)) + "' has" : "columns " + Sources.names(empty) + " have", rows, it, it));
        }
        String pointed = numberStyle.pointedWarning(pointedNumbers, names);
        if (pointed != null) {
            warnings.add(pointed);
        }
        commaNumbers.forEach((reading, held) -> warnings.add(reading.warning(held, commaExamples.get(reading))));
        if (!warnings.isEmpty()) {
            b.metadata(Importer.WARNINGS, String.join("; ", warnings));
        }
        return b.build();
    }
}
