package io.plate.itests.swap;

import io.plate.api.learn.Learner;
import java.util.Hashtable;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/** Registers {@link SwapLearner} with the bundle's version. */
public final class SwapActivator implements BundleActivator {
    /** Manifest header with the service ranking to register the learner with. */
    public static final String RANKING_HEADER = "Plate-Test-Ranking";

    @Override
    public void start(BundleContext context) {
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Learner.NAME, "test.swap");
        String ranking = context.getBundle().getHeaders().get(RANKING_HEADER);
        if (ranking != null) {
            props.put("service.ranking", Integer.valueOf(ranking));
        }
        context.registerService(Learner.class, new SwapLearner(context.getBundle().getVersion().toString()), props);
    }

    @Override
    public void stop(BundleContext context) {
        // services are unregistered by the framework
    }
}
