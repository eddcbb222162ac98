package io.plate.api.data;

/** The block a feature lives in. */
public enum FeatureKind {
    /** A column of {@link CategoricalColumn}. */
    CATEGORICAL,
    /** A column of {@link NumericColumn}. */
    NUMERIC,
    /** A column of the dataset's {@link SparseMatrix} (a word, or a LibSVM index). */
    SPARSE
}
