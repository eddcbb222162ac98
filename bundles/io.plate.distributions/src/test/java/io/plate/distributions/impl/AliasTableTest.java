package io.plate.distributions.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The alias table with and without padding (sizes up to and beyond 2048 categories): draws are always
 * real categories, zero-probability categories (and padding slots) never come out, and for up to 33
 * categories the draws pass the chi-square test of {@link GoodnessOfFit} (false-failure rate 1e-4).
 */
class AliasTableTest {
    @Test
    void padsToAPowerOfTwoAndKeepsTheProbabilities() {
        for (int k : new int[] {1, 2, 3, 20, 33, 2048, 2049, 5000}) {
            double[] p = new double[k];
            double sum = 0;
            for (int i = 0; i < k; i++) {
                p[i] = (i % 7 == 3) ? 0 : 1 + (i * 37 % 11);
                sum += p[i];
            }
            for (int i = 0; i < k; i++) {
                p[i] /= sum;
            }
            AliasTable t = new AliasTable(p);
            int size = t.size();
            assertTrue(k > 2048 ? size == k : Integer.bitCount(size) == 1 && size >= k && size < 2 * k + 1, "size " + size);
            UniformRandomProvider rng = Providers.rng(k);
            int[] counts = new int[k];
            int n = 200_000;
            for (int i = 0; i < n; i++) {
                int c = t.sample(rng);
                assertTrue(c >= 0 && c < k, "category out of range: " + c);
                counts[c]++;
            }
            for (int i = 0; i < k; i++) {
                if (p[i] == 0) {
                    assertEquals(0, counts[i], "a zero-probability category was drawn");
                }
            }
            if (k <= 33) {
                double[] expected = p;
                double pValue = GoodnessOfFit.discrete(expand(counts), j -> expected[j], 0, k - 1);
                assertTrue(pValue >= GoodnessOfFit.ALPHA, "k = " + k + ": p-value " + pValue);
            }
        }
    }

    private static int[] expand(int[] counts) {
        int total = 0;
        for (int c : counts) {
            total += c;
        }
        int[] draws = new int[total];
        int at = 0;
        for (int i = 0; i < counts.length; i++) {
            for (int j = 0; j < counts[i]; j++) {
                draws[at++] = i;
            }
        }
        return draws;
    }
}
