package io.plate.api.data;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Options for an {@link Importer}. Every importer reads the options that apply to its format and
 * refuses (with an {@link ImportException}) a value it cannot use. Options are immutable; build
 * them with {@link #builder()}.
 *
 * <p>Format-specific extras that have no field here (say a LibSVM {@code n_features}) travel in
 * {@link #extra()} under documented keys.
 */
public final class ImportOptions {
    /** Marker for {@link #categorical()} meaning every column. */
    public static final String ALL = "all";
    /**
     * Default of {@link #maxColumns()}: 2^25 = 33,554,432 columns, above the widest LibSVM benchmark files
     * (kdd2010: 29,890,095 features).
     */
    public static final int DEFAULT_MAX_COLUMNS = 1 << 25;
    /** Default of {@link #maxLineLength()}: 2^28 = 268,435,456 characters (512 MiB as Java chars). */
    public static final int DEFAULT_MAX_LINE_LENGTH = 1 << 28;
    /** Largest {@link #maxLineLength()}: a line is held in one Java char array. */
    public static final int MAX_LINE_LENGTH = 1 << 30;

    private final String name;
    private final String label;
    private final boolean noLabel;
    private final Set<String> categorical;
    private final Set<String> numeric;
    private final Set<String> missing;
    private final Character delimiter;
    private final DocumentFrequency minDf;
    private final DocumentFrequency maxDf;
    private final int maxFeatures;
    private final boolean binary;
    private final boolean stopWords;
    private final int ngramMax;
    private final boolean lowercase;
    private final int maxColumns;
    private final int maxLineLength;
    private final long maxMemory;
    private final ImportProgress progress;
    private final Map<String, String> extra;

    private ImportOptions(Builder b) {
        this.name = b.name;
        this.label = b.label;
        this.noLabel = b.noLabel;
        this.categorical = Set.copyOf(b.categorical);
        this.numeric = Set.copyOf(b.numeric);
        this.missing = Set.copyOf(b.missing);
        this.delimiter = b.delimiter;
        this.minDf = b.minDf;
        this.maxDf = b.maxDf;
        this.maxFeatures = b.maxFeatures;
        this.binary = b.binary;
        this.stopWords = b.stopWords;
        this.ngramMax = b.ngramMax;
        this.lowercase = b.lowercase;
        this.maxColumns = b.maxColumns;
        this.maxLineLength = b.maxLineLength;
        this.maxMemory = b.maxMemory;
        this.progress = b.progress;
        this.extra = Collections.unmodifiableMap(new LinkedHashMap<>(b.extra));
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Every option at its default, as {@link #builder()} starts. */
    public static ImportOptions defaults() {
        return builder().build();
    }

    /** Name for the dataset; empty means the importer derives one from the file name. */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    /** Label column by name; empty means the format's default (CSV: the last column). */
    public Optional<String> label() {
        return Optional.ofNullable(label);
    }

    /** True when the file has no label column at all (unsupervised data). */
    public boolean noLabel() {
        return noLabel;
    }

    /**
     * Columns forced categorical; may contain {@link #ALL}. The CSV and ARFF importers read each entry against the
     * file's names: the exact name of a column (which may hold a comma: {@code size, cm}), else a comma-separated
     * list quoted as CSV fields are ({@code "size, cm",w}); the shell passes an option's whole value as one entry.
     */
    public Set<String> categorical() {
        return categorical;
    }

    /** Columns forced numeric; entries read as those of {@link #categorical()}. */
    public Set<String> numeric() {
        return numeric;
    }

    /**
     * Cell texts read as missing. Default: Weka's {@code ?} and pandas' {@code read_csv} default {@code na_values}
     * (the empty cell, {@code NA}, {@code nan}, {@code NaN}, {@code NULL}, {@code None}, {@code <NA>}, {@code #N/A}, …;
     * {@code numpy.savetxt} writes NaN as {@code nan}).
     */
    public Set<String> missing() {
        return missing;
    }

    /** Field delimiter; empty means detect from the header (comma, semicolon or tab). */
    public Optional<Character> delimiter() {
        return Optional.ofNullable(delimiter);
    }

    /**
     * Text: the fewest documents a word must occur in, a count or a proportion (default the count 1).
     *
     * @since 1.9
     */
    public DocumentFrequency minDocumentFrequency() {
        return minDf;
    }

    /**
     * Text: the most documents a word may occur in, a count or a proportion (default the proportion 1.0 = no
     * limit).
     *
     * @since 1.9
     */
    public DocumentFrequency maxDocumentFrequency() {
        return maxDf;
    }

    /**
     * Text: minimum number of documents a word must occur in, when given as a count; 0 when given as a
     * proportion.
     *
     * @deprecated min-df may be a proportion: read {@link #minDocumentFrequency()}
     */
    @Deprecated
    public int minDf() {
        return minDf.proportion() ? 0 : (int) minDf.value();
    }

    /**
     * Text: maximum document frequency as a fraction in [0, 1], when given as one; NaN when given as a count.
     *
     * @deprecated max-df may be a count: read {@link #maxDocumentFrequency()}
     */
    @Deprecated
    public double maxDf() {
        return maxDf.proportion() ? maxDf.value() : Double.NaN;
    }

    /** Text: keep only the most frequent words (0 = no limit). */
    public int maxFeatures() {
        return maxFeatures;
    }

    /** Text: counts clipped to 1. */
    public boolean binary() {
        return binary;
    }

    /** Text: drop scikit-learn's English stop words. */
    public boolean stopWords() {
        return stopWords;
    }

    /** Text: largest n-gram length (1 or 2). */
    public int ngramMax() {
        return ngramMax;
    }

    /** Text: lowercase before tokenising (default true). */
    public boolean lowercase() {
        return lowercase;
    }

    /**
     * Most columns (features) an import may make (default {@link #DEFAULT_MAX_COLUMNS}): a LibSVM index or
     * {@code n_features} above it, or a wider header, is refused before anything is allocated for them.
     */
    public int maxColumns() {
        return maxColumns;
    }

    /**
     * Longest line, or quoted CSV record, in characters (default {@link #DEFAULT_MAX_LINE_LENGTH}, at most
     * {@link #MAX_LINE_LENGTH}); a longer one is refused naming its line.
     */
    public int maxLineLength() {
        return maxLineLength;
    }

    /**
     * Bytes of heap an import may use; 0 (the default) means what the JVM can still give. An import whose
     * need, projected from the file's size and what its first part took, is larger is refused early.
     */
    public long maxMemory() {
        return maxMemory;
    }

    /** Receives progress while a file is read (default {@link ImportProgress#NONE}). */
    public ImportProgress progress() {
        return progress;
    }

    /** Format-specific options by documented key. */
    public Map<String, String> extra() {
        return extra;
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.name = name;
        b.label = label;
        b.noLabel = noLabel;
        b.categorical = categorical;
        b.numeric = numeric;
        b.missing = missing;
        b.delimiter = delimiter;
        b.minDf = minDf;
        b.maxDf = maxDf;
        b.maxFeatures = maxFeatures;
        b.binary = binary;
        b.stopWords = stopWords;
        b.ngramMax = ngramMax;
        b.lowercase = lowercase;
        b.maxColumns = maxColumns;
        b.maxLineLength = maxLineLength;
        b.maxMemory = maxMemory;
        b.progress = progress;
        b.extra.putAll(extra);
        return b;
    }

    /** Builder; validates ranges in {@link #build()}. */
    public static final class Builder {
        private String name;
        private String label;
        private boolean noLabel;
        private Set<String> categorical = Set.of();
        private Set<String> numeric = Set.of();
        private Set<String> missing = Set.of("?", "", "NA", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN",
                "-nan", "1.#IND", "1.#QNAN", "<NA>", "N/A", "NULL", "NaN", "None", "n/a", "nan", "null");
        private Character delimiter;
        private DocumentFrequency minDf = DocumentFrequency.count(1);
        private DocumentFrequency maxDf = DocumentFrequency.proportion(1.0);
        private int minDfGiven; // an out-of-range count given to minDf(int), for build()'s message
        private double maxDfGiven;
        private int maxFeatures;
        private boolean binary;
        private boolean stopWords;
        private int ngramMax = 1;
        private boolean lowercase = true;
        private int maxColumns = DEFAULT_MAX_COLUMNS;
        private int maxLineLength = DEFAULT_MAX_LINE_LENGTH;
        private long maxMemory;
        private ImportProgress progress = ImportProgress.NONE;
        private final Map<String, String> extra = new LinkedHashMap<>();

        /** Sets {@link ImportOptions#name()}; null (the default) derives the name from the file name. */
        public Builder name(String v) {
            name = v;
            return this;
        }

        /** Sets {@link ImportOptions#label()}; null (the default) takes the format's label column. */
        public Builder label(String v) {
            label = v;
            return this;
        }

        /** Sets {@link ImportOptions#noLabel()}: true when the file has no label column (default false). */
        public Builder noLabel(boolean v) {
            noLabel = v;
            return this;
        }

        /** Sets {@link ImportOptions#categorical()} (default none). */
        public Builder categorical(Set<String> v) {
            categorical = v;
            return this;
        }

        /** Sets {@link ImportOptions#categorical()} from a list; duplicates count once. */
        public Builder categorical(List<String> v) {
            categorical = Set.copyOf(v);
            return this;
        }

        /** Sets {@link ImportOptions#numeric()} (default none). */
        public Builder numeric(Set<String> v) {
            numeric = v;
            return this;
        }

        /** Sets {@link ImportOptions#missing()}, replacing the default Weka and pandas markers. */
        public Builder missing(Set<String> v) {
            missing = v;
            return this;
        }

        /** Sets {@link ImportOptions#delimiter()}; null (the default) detects it from the header. */
        public Builder delimiter(Character v) {
            delimiter = v;
            return this;
        }

        /** min-df as a count of documents; {@link #build()} checks it is at least 1. */
        public Builder minDf(int v) {
            minDf = v >= 1 ? DocumentFrequency.count(v) : null;
            minDfGiven = v;
            return this;
        }

        /** max-df as a proportion of the documents; {@link #build()} checks it is in (0, 1]. */
        public Builder maxDf(double v) {
            maxDf = v > 0 && v <= 1 ? DocumentFrequency.proportion(v) : null;
            maxDfGiven = v;
            return this;
        }

        /**
         * min-df as a count or a proportion of the documents.
         *
         * @since 1.9
         */
        public Builder minDf(DocumentFrequency v) {
            minDf = java.util.Objects.requireNonNull(v, "minDf");
            return this;
        }

        /**
         * max-df as a count or a proportion of the documents.
         *
         * @since 1.9
         */
        public Builder maxDf(DocumentFrequency v) {
            maxDf = java.util.Objects.requireNonNull(v, "maxDf");
            return this;
        }

        /** Sets {@link ImportOptions#maxFeatures()}: at least 0, 0 (the default) for no limit. */
        public Builder maxFeatures(int v) {
            maxFeatures = v;
            return this;
        }

        /** Sets {@link ImportOptions#binary()} (default false: counts are kept). */
        public Builder binary(boolean v) {
            binary = v;
            return this;
        }

        /** Sets {@link ImportOptions#stopWords()} (default false: stop words are kept). */
        public Builder stopWords(boolean v) {
            stopWords = v;
            return this;
        }

        /** Sets {@link ImportOptions#ngramMax()}: 1 (the default) for words, 2 to add word pairs. */
        public Builder ngramMax(int v) {
            ngramMax = v;
            return this;
        }

        /** Sets {@link ImportOptions#lowercase()} (default true). */
        public Builder lowercase(boolean v) {
            lowercase = v;
            return this;
        }

        /** Sets {@link ImportOptions#maxColumns()}: at least 1 (default {@link ImportOptions#DEFAULT_MAX_COLUMNS}). */
        public Builder maxColumns(int v) {
            maxColumns = v;
            return this;
        }

        /** Sets {@link ImportOptions#maxLineLength()}: 1 to 2^30 characters (default 2^28). */
        public Builder maxLineLength(int v) {
            maxLineLength = v;
            return this;
        }

        /** Sets {@link ImportOptions#maxMemory()} in bytes: at least 0, 0 (the default) for the heap left. */
        public Builder maxMemory(long v) {
            maxMemory = v;
            return this;
        }

        /** Sets {@link ImportOptions#progress()}, not null (default {@link ImportProgress#NONE}). */
        public Builder progress(ImportProgress v) {
            progress = java.util.Objects.requireNonNull(v, "progress");
            return this;
        }

        /** Adds a format-specific option to {@link ImportOptions#extra()}, replacing any of the same key. */
        public Builder extra(String key, String value) {
            extra.put(key, value);
            return this;
        }

        /** Adds every entry of {@code more} to {@link #extra()}. */
        public Builder extra(Map<String, String> more) {
            extra.putAll(more);
            return this;
        }

        /** The options; throws {@link IllegalArgumentException} naming the first option out of range. */
        public ImportOptions build() {
            if (minDf == null) {
                throw new IllegalArgumentException("min-df must be at least 1, got " + minDfGiven);
            }
            if (maxDf == null) {
                throw new IllegalArgumentException("max-df must be in (0, 1], got " + maxDfGiven);
            }
            if (maxFeatures < 0) {
                throw new IllegalArgumentException("max-features must be >= 0, got " + maxFeatures);
            }
            if (ngramMax < 1 || ngramMax > 2) {
                throw new IllegalArgumentException("ngram must be 1 or 2, got " + ngramMax);
            }
            if (maxColumns < 1) {
                throw new IllegalArgumentException("max-columns must be at least 1, got " + maxColumns);
            }
            if (maxLineLength < 1 || maxLineLength > MAX_LINE_LENGTH) {
                throw new IllegalArgumentException("max-line must be in 1.." + MAX_LINE_LENGTH + ", got " + maxLineLength);
            }
            if (maxMemory < 0) {
                throw new IllegalArgumentException("max-memory must be >= 0 (0 = the heap left), got " + maxMemory);
            }
            return new ImportOptions(this);
        }
    }
}
