package io.plate.itests.swap;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import java.io.InputStream;
import java.util.List;

/**
 * A learner packed into a throw-away bundle by the hot-swap test; its description carries the bundle
 * version so the test can see which version answers.
 */
public final class SwapLearner implements Learner {
    private final String version;

    public SwapLearner(String version) {
        this.version = version;
    }

    @Override
    public String name() {
        return "test.swap";
    }

    @Override
    public String description() {
        return "hot-swap probe version " + version;
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of();
    }

    @Override
    public Model fit(Dataset data, Params params, long seed) {
        throw new PlateException("test.swap " + version + " does not fit models");
    }

    @Override
    public Model readModel(InputStream in) {
        throw new PlateException("test.swap has no models");
    }
}
