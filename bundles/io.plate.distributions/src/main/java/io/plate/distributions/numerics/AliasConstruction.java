package io.plate.distributions.numerics;

/**
 * Vose's (1991) stable construction of Walker's alias table, shared by the distributions bundle's
 * categorical sampler and by samplers that choose among pieces of an envelope.
 */
public final class AliasConstruction {
    private AliasConstruction() {
    }

    /**
     * Fills {@code keep} and {@code alias} (both as long as {@code scaled}) from {@code scaled[i] = p_i · n},
     * the probabilities times the number of slots; {@code scaled} is used as work space and left changed.
     * Slot i then returns i with probability {@code keep[i]}, else {@code alias[i]}. A slot left over only
     * through rounding (its scaled weight is 1 up to rounding) keeps itself: {@code keep = 1}, {@code alias = i};
     * callers with slots of weight zero (padding) must redirect those afterwards.
     */
    public static void build(double[] scaled, double[] keep, int[] alias) {
        int n = scaled.length;
        int[] small = new int[n];
        int[] large = new int[n];
        int ns = 0;
        int nl = 0;
        for (int i = 0; i < n; i++) {
            if (scaled[i] < 1) {
                small[ns++] = i;
            } else {
                large[nl++] = i;
            }
        }
        while (ns > 0 && nl > 0) {
            int s = small[--ns];
            int l = large[--nl];
            keep[s] = scaled[s];
            alias[s] = l;
            scaled[l] = (scaled[l] + scaled[s]) - 1;
            if (scaled[l] < 1) {
                small[ns++] = l;
            } else {
                large[nl++] = l;
            }
        }
        while (nl > 0) {
            int l = large[--nl];
            keep[l] = 1;
            alias[l] = l;
        }
        while (ns > 0) {
            int s = small[--ns];
            keep[s] = 1;
            alias[s] = s;
        }
    }
}
