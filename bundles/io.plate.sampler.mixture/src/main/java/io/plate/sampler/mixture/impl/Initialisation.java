package io.plate.sampler.mixture.impl;

import java.util.Locale;

/** How a chain picks its first partition. */
enum Initialisation {
    /** Every free row to a cluster drawn uniformly. */
    RANDOM,
    /**
     * k-means++ seeding (Arthur and Vassilvitskii 2007) in the components' seeding geometry: the first
     * centre is a row drawn uniformly, each next centre a row drawn with probability proportional to its
     * distance to the nearest centre so far; every free row then joins its nearest centre.
     */
    KMEANS_PP;

    static Initialisation parse(String s) {
        switch (s.toLowerCase(Locale.ROOT)) {
            case "random":
                return RANDOM;
            case "kmeans++":
                return KMEANS_PP;
            default:
                throw new IllegalArgumentException("init must be random or kmeans++, got " + s);
        }
    }
}
