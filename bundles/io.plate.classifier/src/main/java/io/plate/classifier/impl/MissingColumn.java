package io.plate.classifier.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;

/**
 * The one message for a column a model uses that the dataset lacks, with the fix when the import took it as
 * the label, or as categorical where the model needs numbers.
 */
public final class MissingColumn {
    private MissingColumn() {
    }

    /**
     * "dataset 'd' has no numeric column 'x' that the model uses", and when 'x' is the dataset's class or
     * target column (the importer takes the last column unless told), how to import it as a feature.
     *
     * @param prefix the learner's name and ": ", or empty
     */
    public static PlateException of(String prefix, Dataset data, String kind, String column) {
        boolean isLabel = data.labels().map(c -> c.name().equals(column)).orElse(false)
                || data.target().map(c -> c.name().equals(column)).orElse(false);
        boolean readAsLevels = kind.equals("numeric") && data.categorical().stream().anyMatch(c -> c.name().equals(column));
        String why = isLabel ? ": '" + column + "' is the dataset's " + (data.labels().isPresent() ? "class" : "target")
                + " column; import it again with --label COLUMN naming the column to predict, or --no-label"
                : readAsLevels ? ": the import read '" + column + "' as categorical, as a value in it is not a number; "
                        + "import it again with --numeric " + io.plate.api.text.ShellWord.of(column) + " to be told which"
                : libsvmBeyondLast(data, column) ? ": a LibSVM file has no column past its largest feature index ("
                        + data.numeric().size() + " here); import it again with --n-features N, N the training file's"
                        + " number of features, for the columns it leaves out as zeros"
                : "";
        return new PlateException(prefix + "dataset '" + data.name() + "' has no " + kind + " column '" + column
                + "' that the model uses" + why);
    }

    /** A LibSVM dataset read with --values numeric (columns "1".."n") asked for a column "m" past n. */
    private static boolean libsvmBeyondLast(Dataset data, String column) {
        if (!"libsvm".equals(data.metadata().get("format")) || !column.matches("[1-9][0-9]{0,8}")) {
            return false;
        }
        return Integer.parseInt(column) > data.numeric().size();
    }
}
