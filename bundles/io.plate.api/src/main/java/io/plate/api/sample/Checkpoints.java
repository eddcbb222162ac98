package io.plate.api.sample;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How a run saves and resumes its chains ({@link ChainRunner#run(ChainFactory, RunSettings, ProgressListener,
 * Cancellation, Checkpoints)}): every chain's state is written to {@code store} after every {@code every}
 * sweeps and after its last; with {@code resume}, each chain starts from its latest checkpoint in the store.
 * {@code run} describes the run (sampler, parameters, data size …): a checkpoint saved under another
 * description, or other run settings, is refused.
 *
 * @param store  where the checkpoints are
 * @param every  sweeps between checkpoints of a chain (at least 1)
 * @param resume start from the checkpoints in {@code store} (which must hold some) instead of anew (then
 *               it must hold none)
 * @param run    what the run is, as names and values (a sampler adds its own with {@link #describing})
 */
public record Checkpoints(CheckpointStore store, int every, boolean resume, Map<String, String> run) {
    /** Checks that {@code every} is at least 1 and keeps a copy of {@code run}, in the order given. */
    public Checkpoints {
        Objects.requireNonNull(store, "store");
        if (every < 1) {
            throw new IllegalArgumentException("checkpoints every must be at least 1 sweep, got " + every);
        }
        run = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(run)); // in the order given
    }

    /** Checkpoints of a new run in {@code store} every {@code every} sweeps. */
    public static Checkpoints to(CheckpointStore store, int every) {
        return new Checkpoints(store, every, false, Map.of());
    }

    /** A run resumed from the checkpoints in {@code store}, saving new ones there every {@code every} sweeps. */
    public static Checkpoints resuming(CheckpointStore store, int every) {
        return new Checkpoints(store, every, true, Map.of());
    }

    /**
     * These checkpoints describing a run of sampler {@code sampler} on {@code data} with {@code params}: the sampler,
     * the data's rows and features, and every parameter, which a resumed run must match (the one description of the
     * samplers' runs).
     *
     * @since 1.10.0
     */
    public Checkpoints describing(String sampler, io.plate.api.data.Dataset data, io.plate.api.learn.Params params) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("sampler", sampler);
        facts.put("rows", Integer.toString(data.rows()));
        facts.put("features", Integer.toString(data.featureCount()));
        facts.putAll(params.asMap());
        return describing(facts);
    }

    /** These checkpoints with {@code facts} added to the run's description. */
    public Checkpoints describing(Map<String, String> facts) {
        Map<String, String> all = new LinkedHashMap<>(run);
        all.putAll(facts);
        return new Checkpoints(store, every, resume, all);
    }
}
