package io.plate.api.learn;

import io.plate.api.BundleOrigin;
import io.plate.api.Plate;
import io.plate.api.data.Dataset;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where a model came from: learner, effective parameters, seed, a summary of the training data, the
 * import options that decided what the training data's features are, the Plate release and the bundle (and
 * its version) whose learner fitted the model. Written into every model file.
 *
 * @param learner      the {@code plate.learner} name
 * @param params       effective parameter values as text
 * @param seed         the seed the fit used (0 for deterministic learners)
 * @param dataSummary  the training dataset's one-line summary
 * @param plateVersion the Plate release of the API ({@code io.plate.api}) the fit ran against; not the learner's
 *                     bundle, which can be newer (see {@code bundle})
 * @param created      ISO-8601 instant of the fit
 * @param dataImport   the training data's {@link #IMPORT_OPTIONS} (for a text import: how its texts became
 *                     words), so that data scored later can be checked against them; empty when none
 * @param bundle       the bundle and version of the learner that fitted the model ({@link BundleOrigin#NONE}
 *                     when not known: a model file written before 1.10.0); since 1.10.0
 */
public record Provenance(String learner, Map<String, String> params, long seed, String dataSummary,
        String plateVersion, String created, Map<String, String> dataImport, BundleOrigin bundle) {
    /**
     * The dataset metadata that decide which features a file becomes: the importer's format and, for text,
     * the tokenising options (token pattern and case, stop words, n-grams, binary counts).
     */
    public static final List<String> IMPORT_OPTIONS = List.of("format", "tokens", "stop-words", "ngram", "binary");

    /** Refuses null text fields or bundle; copies the maps, so that the provenance cannot change. */
    public Provenance {
        Objects.requireNonNull(learner, "learner");
        params = Map.copyOf(params);
        Objects.requireNonNull(dataSummary, "dataSummary");
        Objects.requireNonNull(plateVersion, "plateVersion");
        Objects.requireNonNull(created, "created");
        dataImport = Map.copyOf(dataImport);
        Objects.requireNonNull(bundle, "bundle");
    }

    /** A provenance whose fitting bundle is not known ({@link BundleOrigin#NONE}). */
    public Provenance(String learner, Map<String, String> params, long seed, String dataSummary,
            String plateVersion, String created, Map<String, String> dataImport) {
        this(learner, params, seed, dataSummary, plateVersion, created, dataImport, BundleOrigin.NONE);
    }

    /** A provenance without import options (data not from a text import, or not known) nor fitting bundle. */
    public Provenance(String learner, Map<String, String> params, long seed, String dataSummary,
            String plateVersion, String created) {
        this(learner, params, seed, dataSummary, plateVersion, created, Map.of());
    }

    /**
     * The provenance of a model that {@code learner} fits now on {@code data}: its name, and the bundle its
     * class came from ({@link BundleOrigin#of}). Since 1.10.0.
     */
    public static Provenance of(Learner learner, Map<String, String> params, long seed, Dataset data) {
        return of(learner, params, seed, data.summary(), importOptions(data));
    }

    /**
     * As {@link #of(Learner, Map, long, Dataset)} for a fit whose data are known by their summary only (a model
     * built from merged statistics), with the training data's {@code dataImport} options. Since 1.10.0.
     */
    public static Provenance of(Learner learner, Map<String, String> params, long seed, String dataSummary,
            Map<String, String> dataImport) {
        return new Provenance(learner.name(), params, seed, dataSummary, Plate.VERSION, Instant.now().toString(),
                dataImport, BundleOrigin.of(learner.getClass()));
    }

    /**
     * The provenance of a model fitted now, by this Plate, on {@code data}, without the fitting bundle.
     *
     * @deprecated the model file would not say which bundle fitted it: use {@link #of(Learner, Map, long, Dataset)}
     */
    @Deprecated
    public static Provenance of(String learner, Map<String, String> params, long seed, Dataset data) {
        return new Provenance(learner, params, seed, data.summary(), Plate.VERSION, Instant.now().toString(),
                importOptions(data));
    }

    /** The {@link #IMPORT_OPTIONS} of {@code data} when it is a text import; empty otherwise. */
    public static Map<String, String> importOptions(Dataset data) {
        if (!"text".equals(data.metadata().get("format"))) {
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String key : IMPORT_OPTIONS) {
            String v = data.metadata().get(key);
            if (v != null) {
                out.put(key, v);
            }
        }
        return out;
    }
}
