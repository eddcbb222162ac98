package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.ServicePreference;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.DatasetNames;
import io.plate.api.data.DocumentFrequency;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.learn.StratifiedSplit;
import io.plate.api.text.TextTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code plate:import} and {@code plate:split}. The importers are a dynamic, greedy, multiple reference:
 * an importer bundle installed or removed while the shell runs is used or dropped at the next call. The
 * format comes from {@code --format} or from the file extension matched against each importer's
 * {@link Importer#EXTENSIONS} property (a folder goes to the {@code text} importer). A dataset is put
 * in the {@link Workspace} only once its import has succeeded.
 * ({@code plate:datasets} lives in {@link InfoCommands}.)
 */
@Component(service = DataCommands.class)
@PlateCommand({"import", "split"})
public final class DataCommands {
    /** RNG algorithm of {@code plate:split}, recorded in the views' metadata. */
    static final RandomSource SPLIT_RNG = RandomSource.XO_RO_SHI_RO_128_PP;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile List<ServiceReference<Importer>> importers;

    private final Workspace workspace;
    private final ShellDefaults defaults;
    private final BundleContext context;

    @Activate
    public DataCommands(@Reference Workspace workspace, @Reference ShellDefaults defaults, BundleContext context) {
        this.workspace = workspace;
        this.defaults = defaults;
        this.context = context;
    }

    @Descriptor("import a CSV, ARFF, LibSVM or text file (or a folder of class folders) as a dataset, kept under"
            + " --name (default: the file name without extension); prints its summary")
    public Dataset _import(
            @Descriptor("format: csv, arff, libsvm or text (default: from the file extension)")
            @Parameter(names = {"-f", "--format"}, absentValue = "") String format,
            @Descriptor("label column (CSV/TSV) or class attribute (ARFF); default: the last column, or 'label' for text")
            @Parameter(names = {"-l", "--label"}, absentValue = "") String label,
            @Descriptor("CSV and ARFF: columns to read as categorical, comma-separated (a name that holds a comma whole, or"
                    + " quoted as in CSV: '\"size, cm\",w'), or 'all'; LibSVM: only the label (its fractions as classes)")
            @Parameter(names = {"-c", "--categorical"}, absentValue = "") String categorical,
            @Descriptor("CSV and ARFF: columns to read as numeric, comma-separated as for --categorical (fails on a non-number); LibSVM: only"
                    + " the label; naming the label"
                    + " makes it a numeric target")
            @Parameter(names = {"--numeric"}, absentValue = "") String numeric,
            @Descriptor("name to keep the dataset under")
            @Parameter(names = {"-n", "--name"}, absentValue = "") String name,
            @Descriptor("the file has no label column (unsupervised data)")
            @Parameter(names = {"--no-label"}, presentValue = "true", absentValue = "false") boolean noLabel,
            @Descriptor("text: keep words found in at least N documents (a whole number) or this proportion of them"
                    + " (with a decimal point: 0.01), as scikit-learn's min_df")
            @Parameter(names = {"--min-df"}, absentValue = "1") String minDf,
            @Descriptor("text: drop words found in more than this proportion of documents (with a decimal point: 0.5,"
                    + " 1.0 = all) or more than N documents (a whole number), as scikit-learn's max_df")
            @Parameter(names = {"--max-df"}, absentValue = "1.0") String maxDf,
            @Descriptor("text: keep only the N most frequent words, N >= 1 (default: all)")
            @Parameter(names = {"--max-features"}, absentValue = Args.NOT_GIVEN) String maxFeatures,
            @Descriptor("text: count each word at most once per document")
            @Parameter(names = {"--binary"}, presentValue = "true", absentValue = "false") boolean binary,
            @Descriptor("text: drop English stop words, scikit-learn's list, as its stop_words='english'")
            @Parameter(names = {"--stop-words"}, presentValue = "true", absentValue = "false") boolean stopWords,
            @Descriptor("text: largest n-gram length, 1 or 2 (scikit-learn's ngram_range=(1, N))")
            @Parameter(names = {"--ngram"}, absentValue = "1") String ngram,
            @Descriptor("CSV and text: field delimiter (a character, or 'tab'); default: detected from the header (CSV); text: given"
                    + " (tab too), a delimited file with CSV quoting as pandas writes it, else the TSV layout")
            @Parameter(names = {"--delimiter"}, absentValue = Args.NOT_GIVEN) String delimiter,
            @Descriptor("cell texts read as missing, comma-separated, replacing the default: '?', empty and pandas' markers"
                    + " (NA, N/A, n/a, nan, NaN, -nan, -NaN, NULL, null, None, <NA>, #N/A, #N/A N/A, #NA, 1.#IND, -1.#IND, 1.#QNAN,"
                    + " -1.#QNAN); quote a list with ? or *, e.g. --missing '?,nan', or the shell reads it as a file pattern")
            @Parameter(names = {"--missing"}, absentValue = "") String missing,
            @Descriptor("LibSVM: declared number of features (default: the largest index)")
            @Parameter(names = {"--n-features"}, absentValue = "") String nFeatures,
            @Descriptor("most columns an import may make (default 33554432); a LibSVM index above it is refused")
            @Parameter(names = {"--max-columns"}, absentValue = "") String maxColumns,
            @Descriptor("longest line in characters (default 268435456, at most 1073741824)")
            @Parameter(names = {"--max-line"}, absentValue = "") String maxLine,
            @Descriptor("memory the import may use, e.g. 8g or 500m (default: the heap left); an import projected"
                    + " to need more is refused early")
            @Parameter(names = {"--max-memory"}, absentValue = "") String maxMemory,
            @Descriptor("LibSVM: auto (0-based when an index 0 appears), true or false, as scikit-learn's zero_based")
            @Parameter(names = {"--zero-based"}, absentValue = "") String zeroBased,
            @Descriptor("LibSVM: counts (a sparse matrix, the default) or numeric (dense numeric columns, for nb.gaussian);"
                    + " ARFF: numeric (the default) or counts (every attribute but the class in a sparse matrix)")
            @Parameter(names = {"--values"}, absentValue = "") String values,
            @Descriptor("text: name of the text column (default 'text')")
            @Parameter(names = {"--text-column"}, absentValue = "") String textColumn,
            @Descriptor("CSV and ARFF: columns to leave out, comma-separated as for --categorical (an identifier such as id, say)")
            @Parameter(names = {"--ignore"}, absentValue = "") String ignore,
            @Descriptor("CSV and text: the first line is data, not column names (columns V1..Vn; text: the label V1, the text Vn)")
            @Parameter(names = {"--no-header"}, presentValue = "true", absentValue = "false") boolean noHeader,
            @Descriptor("CSV: the numbers' decimal separator, '.' (default) or ',' (as written with ';' by European spreadsheets)")
            @Parameter(names = {"--decimal"}, absentValue = "") String decimal,
            @Descriptor("CSV: the numbers' thousands separator, as pandas' thousands= (e.g. '.' for 1.500,25 with --decimal ,);"
                    + " default: none")
            @Parameter(names = {"--thousands"}, absentValue = "") String thousands,
            @Descriptor("CSV, ARFF and text: the file's encoding, as pandas names it: utf-8 (default), cp1252 (Excel on Windows),"
                    + " latin-1, utf-16, or another charset name")
            @Parameter(names = {"--encoding"}, absentValue = "") String encoding,
            @Descriptor("the file to import (a folder of class folders for text)") String file) {
        Path path = defaults.input(file); // ~ is the home folder; a file a command wrote is found under output.folder
        List<ServiceReference<Importer>> refs = snapshot();
        String datasetName = name.isEmpty() ? defaultName(path, claimed(refs)) : name;
        ImportOptions options = limits(options(datasetName, label, categorical, numeric, noLabel, minDf, maxDf,
                maxFeatures, binary, stopWords, ngram, delimiter, missing, nFeatures), maxColumns, maxLine, maxMemory)
                .toBuilder().extra(extras(zeroBased, values, textColumn, decimal, encoding, ignore)).extra(thousands.isEmpty()
                        ? java.util.Map.of() : java.util.Map.of("thousands", thousands)).extra(noHeader ? java.util.Map.of("header", "false") : java.util.Map.of())
                .progress(progressLine(path.getFileName() == null ? file : path.getFileName().toString())).build();
        ServiceReference<Importer> ref = chooseReference(refs, format, path);
        Importer importer = context.getService(ref);
        if (importer == null) {
            throw new PlateException("the " + ref.getProperty(Importer.FORMAT) + " importer went away; try again");
        }
        try {
            Dataset[] replaced = {null};
            Dataset d = importInto(workspace, importer, path, options, replaced);
            List<String> warnings = new ArrayList<>();
            if (d.metadata().get(Importer.WARNINGS) != null) {
                warnings.add(d.metadata().get(Importer.WARNINGS));
            }
            String bases = libsvmBases(workspace, d);
            if (!bases.isEmpty()) {
                warnings.add(bases);
            }
            if (replaced[0] != null) {
                warnings.add(Replaced.dataset(d.name(), replaced[0]) + ": to keep both, import with --name NAME");
            }
            if (!warnings.isEmpty()) {
                System.out.print(warningLines(String.join("; ", warnings), TextTable.terminalColumns()));
            }
            return d;
        } finally {
            context.ungetService(ref);
        }
    }

    @Descriptor("split a dataset into NAME.train and NAME.test, two stratified views sharing its storage")
    public SplitResult split(
            @Descriptor("fraction of rows in the test part, in (0, 1)")
            @Parameter(names = {"-t", "--test"}, absentValue = "0.25") String test,
            @Descriptor("seed of the shuffle (default: the shell's seed, see plate:config)")
            @Parameter(names = {"-s", "--seed"}, absentValue = "") String seed,
            @Descriptor("name of a loaded dataset") String dataset) {
        double fraction = Args.parseDouble("--test", test);
        long s = seed.isEmpty() ? defaults.seed() : Args.parseLong("--seed", seed);
        SplitResult r = splitInto(workspace, workspace.dataset(dataset), fraction, s);
        if (!r.replaced.isEmpty()) { // the rule of plate:import: a name kept again replaces, and says so
            System.out.print(warningLines(String.join("; ", r.replaced), TextTable.terminalColumns()));
        }
        return r;
    }

    /** What {@code plate:split} made: the two views, printed as their summaries. */
    public static final class SplitResult {
        private final Dataset train;
        private final Dataset test;
        /** What the split says of the datasets of the same names it replaced ({@link Replaced#dataset}). */
        final List<String> replaced = new ArrayList<>();

        SplitResult(Dataset train, Dataset test) {
            this.train = train;
            this.test = test;
        }

        public Dataset train() {
            return train;
        }

        public Dataset test() {
            return test;
        }

        @Override
        public String toString() {
            return train.summary() + "\n" + test.summary();
        }
    }

    /**
     * Imports, then publishes under the dataset's name; a failure publishes nothing, and neither does an
     * import whose thread was interrupted (Ctrl-C) however far it got.
     */
    static Dataset importInto(Workspace workspace, Importer importer, Path path, ImportOptions options) {
        return importInto(workspace, importer, path, options, new Dataset[1]);
    }

    /** {@link #importInto(Workspace, Importer, Path, ImportOptions)}; {@code replaced[0]} is the dataset of that name it replaced, or null. */
    static Dataset importInto(Workspace workspace, Importer importer, Path path, ImportOptions options, Dataset[] replaced) {
        Dataset d = importer.read(path, options);
        if (Thread.currentThread().isInterrupted()) {
            throw new PlateException(path + ": import cancelled (interrupted); nothing was imported");
        }
        replaced[0] = workspace.putDataset(d.name(), d);
        return d;
    }

    /**
     * When {@code d} and another LibSVM dataset of the session were read with different index bases and one
     * of them was read 1-based only because no index 0 appears in it (a test file of a 0-based writer such as
     * scikit-learn's dump_svmlight_file whose first feature is zero in every row), the warning that its
     * columns are shifted against the other's; else "".
     */
    static String libsvmBases(Workspace workspace, Dataset d) {
        if (!"libsvm".equals(d.metadata().get("format"))) {
            return "";
        }
        for (Dataset other : workspace.datasets().values()) {
            if (other == d || other.name().equals(d.name()) || !"libsvm".equals(other.metadata().get("format"))) {
                continue;
            }
            String mine = d.metadata().getOrDefault("indices", "");
            String theirs = other.metadata().getOrDefault("indices", "");
            boolean mineGuessed = mine.startsWith("1-based (auto");
            boolean theirsGuessed = theirs.startsWith("1-based (auto");
            if (mine.startsWith("0-based") && theirsGuessed || theirs.startsWith("0-based") && mineGuessed) {
                Dataset guessed = mineGuessed ? d : other;
                Dataset zero = mineGuessed ? other : d;
                return "'" + guessed.name() + "' was read 1-based (no index 0 in it) and '" + zero.name()
                        + "' 0-based, so their feature columns are shifted by one against each other: if they were "
                        + "written together (scikit-learn's dump_svmlight_file writes 0-based), import '" + guessed.name()
                        + "' again with --zero-based true";
            }
        }
        return "";
    }

    /** {@code options} with the size limits given (empty strings keep the defaults). */
    static ImportOptions limits(ImportOptions options, String maxColumns, String maxLine, String maxMemory) {
        ImportOptions.Builder b = options.toBuilder();
        if (!maxColumns.isEmpty()) {
            b.maxColumns(Args.parseInt("--max-columns", maxColumns));
        }
        if (!maxLine.isEmpty()) {
            b.maxLineLength(Args.parseInt("--max-line", maxLine));
        }
        if (!maxMemory.isEmpty()) {
            b.maxMemory(bytes("--max-memory", maxMemory));
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new PlateException(e.getMessage(), e);
        }
    }

    /** The importers' documented extra keys for the options given (empty strings are left out). */
    static java.util.Map<String, String> extras(String zeroBased, String values, String textColumn, String decimal,
            String encoding, String ignore) {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        if (!zeroBased.isEmpty()) {
            m.put("zero_based", zeroBased);
        }
        if (!values.isEmpty()) {
            m.put("values", values);
        }
        if (!textColumn.isEmpty()) {
            m.put("text_column", textColumn);
        }
        if (!decimal.isEmpty()) {
            m.put("decimal", decimal);
        }
        if (!encoding.isEmpty()) {
            m.put("encoding", encoding);
        }
        if (!ignore.isEmpty()) {
            m.put("ignore", ignore);
        }
        return m;
    }

    /** A size such as {@code 8g}, {@code 500m}, {@code 64k} or a number of bytes. */
    static long bytes(String option, String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (!v.isEmpty() && "kmg".indexOf(v.charAt(v.length() - 1)) >= 0) {
            unit = 1L << (10 * (1 + "kmg".indexOf(v.charAt(v.length() - 1))));
            v = v.substring(0, v.length() - 1);
        }
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 1 || n > Long.MAX_VALUE / unit) {
            throw new PlateException(option + " '" + value + "': expected a positive size such as 8g, 500m or 65536");
        }
        return n * unit;
    }

    /** Splits {@code d} stratified by its labels and publishes {@code NAME.train} and {@code NAME.test}. */
    static SplitResult splitInto(Workspace workspace, Dataset d, double fraction, long seed) {
        int[] strata;
        int classes;
        if (d.labels().isPresent()) {
            CategoricalColumn labels = d.labels().get();
            strata = labels.codes();
            classes = labels.cardinality();
        } else {
            strata = new int[d.rows()];
            classes = 1;
        }
        UniformRandomProvider rng = SPLIT_RNG.create(seed);
        StratifiedSplit split;
        try {
            split = StratifiedSplit.of(strata, classes, fraction, rng);
        } catch (IllegalArgumentException e) {
            throw new PlateException(d.name() + ": " + e.getMessage(), e);
        }
        String how = "stratified split of " + d.name() + ", test fraction " + fraction + ", seed " + seed + " ("
                + SPLIT_RNG + ")";
        Dataset train = d.select(split.train(), d.name() + ".train").toBuilder(d.name() + ".train")
                .metadata("split", how).build();
        Dataset test = d.select(split.test(), d.name() + ".test").toBuilder(d.name() + ".test")
                .metadata("split", how).build();
        SplitResult r = new SplitResult(train, test);
        for (Dataset part : List.of(train, test)) {
            Dataset old = workspace.putDataset(part.name(), part);
            if (old != null) {
                r.replaced.add(Replaced.dataset(part.name(), old));
            }
        }
        return r;
    }

    /**
     * The dataset name of {@code path}: the file name without an extension in {@code claimed} (the installed
     * importers' extensions; a9a.t keeps its '.t'), as the Spark jar names it ({@link DatasetNames#fromFile}); a
     * folder's name whole.
     */
    static String defaultName(Path path, Collection<String> claimed) {
        Path fn = path.toAbsolutePath().normalize().getFileName();
        return fn == null ? "data" : DatasetNames.fromFile(fn.toString(), Files.isDirectory(path) ? List.of() : claimed);
    }

    /** Every extension the importers {@code refs} claim. */
    private static List<String> claimed(List<ServiceReference<Importer>> refs) {
        return refs.stream().flatMap(r -> Claim.of(r).extensions.stream()).toList();
    }

    /** {@code --max-features N}: at least 1; absent, every word (0 in {@link ImportOptions#maxFeatures()}). */
    static int maxFeatures(String value) {
        if (value.equals(Args.NOT_GIVEN)) {
            return 0;
        }
        int n = Args.parseInt("--max-features", value);
        if (n < 1) {
            throw new PlateException("--max-features " + value + ": must be at least 1, the number of most frequent words"
                    + " to keep (leave the option out to keep every word, as scikit-learn's max_features=None)");
        }
        return n;
    }

    /** What {@code --ngram} takes, for a value that is not a whole number, such as scikit-learn's {@code 1,2}. */
    static final String NGRAM = "--ngram N takes the largest n-gram length, the N of scikit-learn's ngram_range=(1, N):"
            + " --ngram 2 for (1, 2)";

    /** A --min-df or --max-df: a whole number is a count of documents, one with a decimal point a proportion (scikit-learn's rule). */
    private static DocumentFrequency documentFrequency(String option, String value) {
        try {
            return DocumentFrequency.parse(value);
        } catch (IllegalArgumentException e) {
            throw new PlateException(option + " '" + value + "': " + e.getMessage());
        }
    }

    static ImportOptions options(String name, String label, String categorical, String numeric, boolean noLabel,
            String minDf, String maxDf, String maxFeatures, boolean binary, boolean stopWords, String ngram,
            String delimiter, String missing, String nFeatures) {
        ImportOptions.Builder b = ImportOptions.builder().name(name).noLabel(noLabel).binary(binary)
                .stopWords(stopWords)
                .minDf(documentFrequency("--min-df", minDf))
                .maxDf(documentFrequency("--max-df", maxDf))
                .maxFeatures(maxFeatures(maxFeatures))
                .ngramMax(Args.parseInt("--ngram", ngram, NGRAM));
        if (!label.isEmpty()) {
            b.label(label);
        }
        // the whole value: the importer knows the header, where a name may hold a comma ('size, cm')
        if (!categorical.isBlank()) {
            b.categorical(Set.of(categorical.strip()));
        }
        if (!numeric.isBlank()) {
            b.numeric(Set.of(numeric.strip()));
        }
        reading(b, delimiter, missing, "");
        if (!nFeatures.isEmpty()) {
            int n = Args.parseInt("--n-features", nFeatures);
            if (n < 1) {
                throw new PlateException("--n-features " + nFeatures + ": must be at least 1");
            }
            b.extra("n_features", Integer.toString(n));
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new PlateException(e.getMessage(), e);
        }
    }

    /**
     * Sets how a CSV file is read, from --delimiter, --missing and --encoding as given (Args.NOT_GIVEN, "" and ""
     * when absent): for plate:import, and plate:plot lines, which reads its table with the same options.
     */
    static ImportOptions.Builder reading(ImportOptions.Builder b, String delimiter, String missing, String encoding) {
        if (!missing.isEmpty()) {
            b.missing(new LinkedHashSet<>(Arrays.asList(missing.split(",", -1))));
        }
        if (!delimiter.equals(Args.NOT_GIVEN)) {
            String d = delimiter.equalsIgnoreCase("tab") || delimiter.equals("\\t") ? "\t" : delimiter;
            if (d.length() != 1) {
                throw new PlateException("--delimiter '" + delimiter + "': expected one character or 'tab' (leave the"
                        + " option out to detect ',', ';' or tab from the header)");
            }
            b.delimiter(d.charAt(0));
        }
        if (!encoding.isEmpty()) {
            b.extra("encoding", encoding);
        }
        return b;
    }

    /**
     * Reads {@code path} with the importer of {@code format}, chosen as {@code plate:import} chooses it, and keeps
     * nothing in the session: for a command that reads a table of its own ({@code plate:plot lines}), so that it
     * reads CSV as the import does (quotes, byte-order mark, encodings, file and line in every message).
     */
    Dataset read(String format, Path path, ImportOptions options) {
        ServiceReference<Importer> ref = chooseReference(snapshot(), format, path);
        Importer importer = context.getService(ref);
        if (importer == null) {
            throw new PlateException("the " + format + " importer went away; try again");
        }
        try {
            return importer.read(path, options);
        } finally {
            context.ungetService(ref);
        }
    }

    private List<ServiceReference<Importer>> snapshot() {
        List<ServiceReference<Importer>> refs = importers;
        return refs == null ? new ArrayList<>() : ServicePreference.sorted(refs, ServiceReference::getProperty);
    }

    /** An installed importer as the shell sees it: its format and the extensions it claims. */
    static final class Claim {
        final String format;
        final List<String> extensions;

        Claim(String format, List<String> extensions) {
            this.format = format;
            this.extensions = extensions;
        }

        static Claim of(ServiceReference<?> ref) {
            Object f = ref.getProperty(Importer.FORMAT);
            Object e = ref.getProperty(Importer.EXTENSIONS);
            List<String> ext = new ArrayList<>();
            if (e instanceof String[]) {
                ext.addAll(Arrays.asList((String[]) e));
            } else if (e instanceof java.util.Collection) {
                ((java.util.Collection<?>) e).forEach(x -> ext.add(String.valueOf(x)));
            } else if (e != null) {
                ext.add(String.valueOf(e));
            }
            return new Claim(String.valueOf(f), ext);
        }

        @Override
        public String toString() {
            return format + " (." + String.join(", .", extensions) + ")";
        }
    }

    /** {@link #choose(List, String, Path, java.util.function.Supplier)} with no importer asked about the content. */
    static int choose(List<Claim> claims, String format, Path path) {
        return choose(claims, format, path, List::of);
    }

    /**
     * Index of the importer to use: the one whose format is {@code format}, else (a folder) the text
     * importer, else the one claiming the longest extension the file name ends with. Claims are in
     * preference order (highest service ranking first), which breaks ties. A file no importer claims fails
     * with the options {@code byContent} gives (the importers' {@link Importer#suggest}), or with the formats.
     */
    static int choose(List<Claim> claims, String format, Path path, java.util.function.Supplier<List<String>> byContent) {
        if (claims.isEmpty()) {
            throw new PlateException("no importer installed (is the io.plate.importers bundle running?)");
        }
        if (!format.isEmpty()) {
            for (int i = 0; i < claims.size(); i++) {
                if (format.equalsIgnoreCase(claims.get(i).format)) {
                    return i;
                }
            }
            throw new PlateException("--format '" + format + "': no such importer; installed: " + listed(claims));
        }
        if (Files.isDirectory(path)) {
            for (int i = 0; i < claims.size(); i++) {
                if ("text".equals(claims.get(i).format)) {
                    return i;
                }
            }
            throw new PlateException(path + " is a folder, and no text importer is installed to read class folders");
        }
        Path fn = path.getFileName();
        String name = DatasetNames.withoutCompression(fn == null ? "" : fn.toString().toLowerCase(Locale.ROOT)); // x.csv.gz is a csv
        int best = -1;
        int bestLength = 0;
        for (int i = 0; i < claims.size(); i++) {
            for (String ext : claims.get(i).extensions) {
                String e = ext.toLowerCase(Locale.ROOT);
                if (name.endsWith("." + e) && e.length() > bestLength) {
                    best = i;
                    bestLength = e.length();
                }
            }
        }
        if (best < 0) {
            if (!Files.exists(path)) { // a mistyped name (iris.cvs) is missing before its extension is unknown
                throw new PlateException(path + ": file not found");
            }
            List<String> suggested = byContent.get();
            throw new PlateException("cannot tell the format of '" + path.getFileName() + "' from its extension; "
                    + (suggested.isEmpty() ? "give --format (installed: " + listed(claims) + ")"
                            : "by its first lines, give " + String.join(", or ", suggested)));
        }
        return best;
    }

    /** The importers as a user reads them: {@code csv (.csv), libsvm (.libsvm, .svm)}. */
    private static String listed(List<Claim> claims) {
        return claims.stream().map(Claim::toString).collect(java.util.stream.Collectors.joining(", "));
    }

    private ServiceReference<Importer> chooseReference(List<ServiceReference<Importer>> refs, String format, Path path) {
        List<Claim> claims = new ArrayList<>(refs.size());
        refs.forEach(r -> claims.add(Claim.of(r)));
        return refs.get(choose(claims, format, path, () -> suggestions(refs, path)));
    }

    /** The options each importer, in preference order, suggests for {@code path} by its content (distinct). */
    private List<String> suggestions(List<ServiceReference<Importer>> refs, Path path) {
        Set<String> out = new LinkedHashSet<>();
        for (ServiceReference<Importer> ref : refs) {
            Importer importer = context.getService(ref);
            if (importer != null) {
                try {
                    importer.suggest(path).ifPresent(out::add);
                } finally {
                    context.ungetService(ref);
                }
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * The progress lines of importing {@code what}: on standard output in a terminal, else on standard error,
     * as the samplers' progress, so that results redirected to a file or pipe hold none (they went to stdout).
     */
    static ImportProgressLine progressLine(String what) {
        return new ImportProgressLine(TextTable.terminalColumns() > 0 ? System.out : System.err, what);
    }

    /** An import's warnings ({@code ; }-separated), one {@code warning:} each, broken between words to fit {@code columns}. */
    static String warningLines(String warnings, int columns) {
        StringBuilder s = new StringBuilder();
        for (String w : warnings.split("; ")) {
            s.append(TextTable.wrap("warning: " + w, columns)).append('\n');
        }
        return s.toString();
    }
}
