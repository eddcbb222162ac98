package io.plate.api.data;

import io.plate.api.text.Plural;
import io.plate.api.text.Visible;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An immutable dataset: feature blocks (categorical columns, numeric columns, at most one sparse
 * matrix), optional class labels (a categorical column) or a numeric regression target, and a name.
 *
 * <p>Every block has {@link #rows()} rows. {@link #select(int[])} returns a view over the same
 * storage, which is how splits and cross-validation folds are made without copying.
 *
 * <p>Instances are safe to share between threads and shell sessions.
 */
public final class Dataset {
    private final String name;
    private final String source;
    private final int rows;
    private final List<CategoricalColumn> categorical;
    private final List<NumericColumn> numeric;
    private final SparseMatrix sparse;
    private final CategoricalColumn labels;
    private final NumericColumn target;
    private final Map<String, String> metadata;

    private Dataset(Builder b) {
        this.name = b.name;
        this.source = b.source;
        this.categorical = List.copyOf(b.categorical);
        this.numeric = List.copyOf(b.numeric);
        this.sparse = b.sparse;
        this.labels = b.labels;
        this.target = b.target;
        this.metadata = Collections.unmodifiableMap(new LinkedHashMap<>(b.metadata));
        int n = -1;
        for (CategoricalColumn c : categorical) {
            n = sameRows(n, c.size(), c.name());
        }
        for (NumericColumn c : numeric) {
            n = sameRows(n, c.size(), c.name());
        }
        if (sparse != null) {
            n = sameRows(n, sparse.rows(), "sparse block");
        }
        if (labels != null) {
            n = sameRows(n, labels.size(), "labels '" + labels.name() + "'");
        }
        if (target != null) {
            n = sameRows(n, target.size(), "target '" + target.name() + "'");
        }
        this.rows = Math.max(n, 0);
    }

    private int sameRows(int n, int size, String what) {
        if (n >= 0 && n != size) {
            throw new IllegalArgumentException(what + " has " + size + " rows, expected " + n);
        }
        return size;
    }

    /** A builder for a dataset kept under {@code name}, with no blocks and an empty source. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The name the dataset is kept under (in the shell, the {@code --name}). */
    public String name() {
        return name;
    }

    /** Where the data came from (a file path, or a description of the split or fold). */
    public String source() {
        return source;
    }

    /** Number of rows, the same in every block; 0 for a dataset with no blocks. */
    public int rows() {
        return rows;
    }

    /** The categorical feature columns, in the order they were added (unmodifiable). */
    public List<CategoricalColumn> categorical() {
        return categorical;
    }

    /** The numeric feature columns, in the order they were added (unmodifiable). */
    public List<NumericColumn> numeric() {
        return numeric;
    }

    /**
     * The categorical column named {@code name}, else the numeric column of that name as levels
     * ({@link NumericColumn#asLevels()}: a test file whose column held only numbers, or codes such as
     * {@code 007}, is read as numbers), else empty. How a model finds a categorical feature in data to score.
     */
    public Optional<CategoricalColumn> levelsOf(String name) {
        for (CategoricalColumn c : categorical) {
            if (c.name().equals(name)) {
                return Optional.of(c);
            }
        }
        for (NumericColumn c : numeric) {
            if (c.name().equals(name)) {
                return Optional.of(c.asLevels());
            }
        }
        return Optional.empty();
    }

    /** The sparse feature block (a text import's word counts, a LibSVM file's features), when the dataset has one. */
    public Optional<SparseMatrix> sparse() {
        return Optional.ofNullable(sparse);
    }

    /**
     * The word counts the count models read (nb.multinomial, nb.complement, nb.bernoulli, mixture.multinomial):
     * the sparse block, else the numeric columns as a matrix with one column per numeric column, named as it
     * (a CSV of {@code CountVectorizer} counts); a missing value (NaN) is not stored, so it reads as an absent
     * word. Empty when the dataset has neither. A model that needs whole counts checks the values itself.
     * Since 1.11.0.
     */
    public Optional<SparseMatrix> counts() {
        if (sparse != null || numeric.isEmpty()) {
            return Optional.ofNullable(sparse);
        }
        return Optional.of(SparseMatrix.ofColumns(numeric, rows));
    }

    /** Class labels, when the dataset has them. */
    public Optional<CategoricalColumn> labels() {
        return Optional.ofNullable(labels);
    }

    /** A numeric target (regression), when the dataset has one. */
    public Optional<NumericColumn> target() {
        return Optional.ofNullable(target);
    }

    /** Free-form facts kept by the importer (format, options, file size ...). */
    public Map<String, String> metadata() {
        return metadata;
    }

    /**
     * Number of features over all blocks (each sparse column counts as one); a column of row weights
     * ({@link Importer#WEIGHT_COLUMN}) is none, as training uses it.
     */
    public int featureCount() {
        return categorical.size() + numeric.size() - (weightColumn() == null ? 0 : 1) + (sparse == null ? 0 : sparse.columns());
    }

    /** The numeric column of row weights that {@link Importer#WEIGHT_COLUMN} names, when this dataset has it, else null. */
    private String weightColumn() {
        String w = metadata.get(Importer.WEIGHT_COLUMN);
        return w != null && numeric.stream().anyMatch(c -> c.name().equals(w)) ? w : null;
    }

    /** A view of the given rows sharing this dataset's storage. */
    public Dataset select(int[] rowsSelected, String viewName) {
        Builder b = new Builder(viewName).source(source).metadata(metadata);
        for (CategoricalColumn c : categorical) {
            b.categorical(c.select(rowsSelected));
        }
        for (NumericColumn c : numeric) {
            b.numeric(c.select(rowsSelected));
        }
        if (sparse != null) {
            b.sparse(sparse.select(rowsSelected));
        }
        if (labels != null) {
            b.labels(labels.select(rowsSelected));
        }
        if (target != null) {
            b.target(target.select(rowsSelected));
        }
        return b.build();
    }

    /** A view of the given rows under the same name. */
    public Dataset select(int[] rowsSelected) {
        return select(rowsSelected, name);
    }

    /** The same data under another name. */
    public Dataset withName(String newName) {
        return toBuilder(newName).build();
    }

    /** The same data without labels (for unsupervised use, or to score blind). */
    public Dataset withoutLabels() {
        Builder b = toBuilder(name);
        b.labels = null;
        return b.build();
    }

    /**
     * The same data without its numeric column {@code column} (a column of row weights, which is no feature); this
     * dataset when it has no numeric column of that name. Since 1.10.0.
     */
    public Dataset withoutNumeric(String column) {
        if (numeric.stream().noneMatch(c -> c.name().equals(column))) {
            return this;
        }
        Builder b = toBuilder(name);
        b.numeric.removeIf(c -> c.name().equals(column));
        return b.build();
    }

    /** A builder preloaded with this dataset's blocks. */
    public Builder toBuilder(String newName) {
        Builder b = new Builder(newName).source(source).metadata(metadata);
        categorical.forEach(b::categorical);
        numeric.forEach(b::numeric);
        b.sparse = sparse;
        b.labels = labels;
        b.target = target;
        return b;
    }

    /** Approximate bytes held (storage shared with other views is counted here too). */
    public long memoryBytes() {
        return memoryBytes(identitySet());
    }

    /**
     * Approximate bytes held, leaving out storage already in {@code counted} (an identity set: the views a
     * split makes share their parent's columns) and adding this dataset's storage to it; summed over
     * datasets with one set, each array is counted once.
     */
    public long memoryBytes(Set<Object> counted) {
        long m = 0;
        for (CategoricalColumn c : categorical) {
            m += c.memoryBytes(counted);
        }
        for (NumericColumn c : numeric) {
            m += c.memoryBytes(counted);
        }
        if (sparse != null) {
            m += sparse.memoryBytes(counted);
        }
        if (labels != null) {
            m += labels.memoryBytes(counted);
        }
        if (target != null) {
            m += target.memoryBytes(counted);
        }
        return m;
    }

    /** A set for {@link #memoryBytes(Set)}: storage is told apart by identity, not by contents. */
    public static Set<Object> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    /** {@code bytes} the first time {@code storage} is counted, 0 after. */
    static long once(Set<Object> counted, Object storage, long bytes) {
        return counted.add(storage) ? bytes : 0;
    }

    /**
     * The one-line summary of the command-line contract:
     * {@code NAME: R rows, F features (…kinds…), vocabulary V, classes …}; names and classes as
     * {@link Visible#name} shows them (escaped, a very long one shortened). A column of row weights
     * ({@link Importer#WEIGHT_COLUMN}) is no feature, as training uses it: it is named after the features instead.
     */
    public String summary() {
        String weights = weightColumn();
        int numericFeatures = numeric.size() - (weights == null ? 0 : 1);
        StringBuilder s = new StringBuilder();
        s.append(Visible.name(name)).append(": ").append(Plural.of(rows, "row")).append(", ")
                .append(Plural.of(featureCount(), "feature"));
        List<String> kinds = new ArrayList<>();
        if (!categorical.isEmpty()) {
            kinds.add(categorical.size() + " categorical");
        }
        if (numericFeatures > 0) {
            kinds.add(numericFeatures + " numeric");
        }
        if (sparse != null) {
            kinds.add(sparse.columns() + " sparse" + (sparse.isIntegral() ? " counts" : " values"));
        }
        if (!kinds.isEmpty()) {
            s.append(" (").append(String.join(", ", kinds)).append(')');
        }
        if (sparse != null) {
            s.append(", vocabulary ").append(sparse.columns()).append(", ").append(sparse.nonZeros())
                    .append(" non-zeros");
        }
        if (weights != null) {
            s.append(", row weights in '").append(Visible.name(weights)).append('\'');
        }
        if (labels != null) {
            int[] counts = new int[labels.cardinality()];
            int missing = 0;
            for (int r = 0; r < rows; r++) {
                int c = labels.code(r);
                if (c == CategoricalColumn.MISSING) {
                    missing++;
                } else {
                    counts[c]++;
                }
            }
            s.append(", ").append(Plural.of(labels.cardinality(), "class", "classes")).append(" in '").append(Visible.name(labels.name())).append("' (");
            for (int c = 0; c < counts.length; c++) {
                if (c > 0) {
                    s.append(", ");
                }
                if (c == 8 && counts.length > 10) {
                    s.append("… ").append(counts.length - 8).append(" more");
                    break;
                }
                s.append(Visible.listed(labels.levels().get(c))).append(' ').append(counts[c]); // "no, not" quoted
            }
            s.append(')');
            if (missing > 0) {
                s.append(", ").append(missing).append(" unlabelled");
            }
        } else if (target != null) {
            s.append(", numeric target '").append(Visible.name(target.name())).append('\'');
        }
        return s.toString();
    }

    @Override
    public String toString() {
        return summary();
    }

    /** Builds a {@link Dataset}; checks that every block has the same number of rows. */
    public static final class Builder {
        private final String name;
        private String source = "";
        private final List<CategoricalColumn> categorical = new ArrayList<>();
        private final List<NumericColumn> numeric = new ArrayList<>();
        private SparseMatrix sparse;
        private CategoricalColumn labels;
        private NumericColumn target;
        private final Map<String, String> metadata = new LinkedHashMap<>();

        private Builder(String name) {
            this.name = Objects.requireNonNull(name, "name");
        }

        /** Sets {@link Dataset#source()}, not null (default empty). */
        public Builder source(String s) {
            this.source = Objects.requireNonNull(s, "source");
            return this;
        }

        /** Adds a categorical feature column after those added before. */
        public Builder categorical(CategoricalColumn c) {
            categorical.add(Objects.requireNonNull(c));
            return this;
        }

        /** Adds a numeric feature column after those added before. */
        public Builder numeric(NumericColumn c) {
            numeric.add(Objects.requireNonNull(c));
            return this;
        }

        /** Sets the sparse feature block; null for none. */
        public Builder sparse(SparseMatrix m) {
            this.sparse = m;
            return this;
        }

        /** Sets the class labels; null for none. */
        public Builder labels(CategoricalColumn l) {
            this.labels = l;
            return this;
        }

        /** Sets the numeric regression target; null for none. */
        public Builder target(NumericColumn t) {
            this.target = t;
            return this;
        }

        /** Adds one fact to {@link Dataset#metadata()}, replacing any of the same key. */
        public Builder metadata(String key, String value) {
            metadata.put(key, value);
            return this;
        }

        /** Adds every fact of {@code m} to {@link Dataset#metadata()}. */
        public Builder metadata(Map<String, String> m) {
            metadata.putAll(m);
            return this;
        }

        /** The dataset; throws {@link IllegalArgumentException} naming a block whose rows differ from the others. */
        public Dataset build() {
            return new Dataset(this);
        }
    }
}
