package io.plate.api;

import java.util.function.Supplier;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A jar's services for use on an ordinary class path, without an OSGi framework. Each Plate bundle
 * names one implementation in {@code META-INF/services/io.plate.api.ClassPathServices};
 * {@link Plate} finds them with {@link java.util.ServiceLoader}. A framework ignores the file and uses
 * the bundle's Declarative Services components, which construct the same classes.
 */
@ProviderType
public interface ClassPathServices {
    /** Adds this jar's services to {@code registry}. */
    void register(Registry registry);

    /** Where a jar declares what it provides. */
    @ProviderType
    interface Registry {
        /**
         * Declares a service of {@code type} named {@code name} (a learner's {@code plate.learner}, an
         * importer's format, …). Among several of one type and name the highest {@code ranking} wins,
         * as {@code service.ranking} does in a framework. {@code factory} makes a new instance per call
         * and may look up other services through {@link Plate}.
         */
        <S> void add(Class<S> type, String name, int ranking, Supplier<? extends S> factory);
    }
}
