/**
 * Datasets and the importers that make them.
 *
 * <p>A {@link io.plate.api.data.Dataset} is immutable and made of feature blocks: categorical
 * columns ({@link io.plate.api.data.CategoricalColumn}), numeric columns
 * ({@link io.plate.api.data.NumericColumn}) and at most one sparse count matrix
 * ({@link io.plate.api.data.SparseMatrix}), plus optional class labels. Row subsets (splits and folds)
 * are views over an index array that share the underlying storage.
 *
 * <p>1.10.0: {@link io.plate.api.data.DatasetNames}, the name a dataset gets from its file.
 *
 * <p>1.11.0: {@link io.plate.api.data.Dataset#counts()}, the one rule by which the count models read a
 * dataset's word counts (its sparse block, else its numeric columns).
 *
 * <p>1.12.0: {@link io.plate.api.data.CategoricalColumn#declared}, a level table declared by the file (ARFF),
 * which every view of the rows keeps.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.12.0")
package io.plate.api.data;
