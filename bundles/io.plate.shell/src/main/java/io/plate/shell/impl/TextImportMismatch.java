package io.plate.shell.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Provenance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Why a word model may score a text import on other words than it was trained on: the scored file was
 * tokenised with other options than the training file, or pruned by its own counts ({@code --min-df},
 * {@code --max-df}, {@code --max-features}), which drops words the model knows. scikit-learn avoids both by
 * transforming the test texts with the training vocabulary; a Plate import of the file to score repeats the
 * training file's tokenising options and leaves the pruning ones out. Read from the text importer's metadata.
 */
final class TextImportMismatch {
    /** The text importer's metadata that decide which words a text becomes. */
    private static final List<String> TOKENISING = Provenance.IMPORT_OPTIONS.stream().filter(k -> !k.equals("format"))
            .toList();
    /** The pruning metadata, their options and their values when nothing is pruned. */
    private static final Map<String, String> PRUNING = options("min-df", "--min-df", "max-df", "--max-df",
            "max-features", "--max-features");
    private static final Map<String, String> UNPRUNED = Map.of("min-df", "1", "max-df", "1.0", "max-features", "0");

    private TextImportMismatch() {
    }

    /**
     * Warning lines for scoring {@code scored} with a model trained on {@code trained} (null when not known,
     * e.g. a model loaded from a file) by {@code learner} with {@code params}; none when {@code scored} is no
     * text import or is the training data.
     */
    static List<String> lines(Dataset trained, Dataset scored, String learner, Map<String, String> params) {
        if (scored == trained) {
            return List.of();
        }
        return trained == null ? lines(null, Map.of(), scored, learner, params)
                : lines("'" + trained.name() + "'", Provenance.importOptions(trained), scored, learner, params);
    }

    /**
     * Warning lines for scoring {@code scored} with a model whose training data, called {@code trainedName}
     * (null when the training dataset is not loaded), had the import options {@code trainedImport} (as
     * {@link Provenance#importOptions}; a model file keeps them; empty when not known or not text). Every
     * difference is named on one line: the tokenising options that differ, then the scored file's pruning.
     */
    static List<String> lines(String trainedName, Map<String, String> trainedImport, Dataset scored, String learner,
            Map<String, String> params) {
        if (!isText(scored)) {
            return List.of();
        }
        List<String> differ = new ArrayList<>();
        if (isText(trainedImport)) {
            String was = trainedName == null ? "the model's training data" : trainedName;
            for (String key : TOKENISING) {
                String before = trainedImport.get(key);
                String now = scored.metadata().get(key);
                // counts and their 0/1 give nb.bernoulli at binarize=0 the same words present: binary does not matter
                if (!Objects.equals(before, now) && !(key.equals("binary") && binarizesAtZero(learner, params))) {
                    differ.add(key + " " + now + " where " + was + " has " + before);
                }
            }
        }
        List<String> pruned = new ArrayList<>();
        PRUNING.forEach((key, option) -> {
            String v = scored.metadata().get(key);
            if (v != null && !v.equals(UNPRUNED.get(key))) {
                pruned.add(option + " " + v);
            }
        });
        if (differ.isEmpty() && pruned.isEmpty()) {
            return List.of();
        }
        String tokenised = "was tokenised otherwise than the training data (" + String.join("; ", differ)
                + "): its words are not those the model knows";
        String pruning = "was imported with " + String.join(", ", pruned) + ", which keeps the words frequent in it"
                + " alone and drops others the model knows" + (trainedName != null ? "" : " (if it is not the training data)");
        String fix = differ.isEmpty() ? "import the file to score" : "import it with the training file's options";
        return List.of("warning: '" + scored.name() + "' "
                + (differ.isEmpty() ? pruning + ": " : (pruned.isEmpty() ? tokenised : tokenised + ", and " + pruning) + "; ")
                + (pruned.isEmpty() ? fix : fix + (differ.isEmpty() ? "" : " and") + " without --min-df, --max-df and"
                        + " --max-features; the model's vocabulary decides which words count (as scikit-learn's transform)"));
    }

    /** True for nb.bernoulli at binarize 0, which reads a count and its 0/1 alike (a word present or not). */
    static boolean binarizesAtZero(String learner, Map<String, String> params) {
        if (!"nb.bernoulli".equals(learner)) {
            return false;
        }
        try {
            return Double.parseDouble(params.getOrDefault("binarize", "0")) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean isText(Dataset d) {
        return isText(d.metadata());
    }

    private static boolean isText(Map<String, String> importOptions) {
        return "text".equals(importOptions.get("format"));
    }

    private static Map<String, String> options(String... keyOption) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyOption.length; i += 2) {
            m.put(keyOption[i], keyOption[i + 1]);
        }
        return m;
    }
}
