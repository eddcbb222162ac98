package io.plate.classifier.impl.kernel;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/** The regression data of the tests: y = sin(2 x0) + x1/2 + uniform noise, 60 rows, seed 11. */
final class KernelRegressionTestData {
    private KernelRegressionTestData() {
    }

    private static double[][] make() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(11L);
        double[][] xy = new double[60][3];
        for (int i = 0; i < 60; i++) {
            xy[i][0] = 4 * rng.nextDouble() - 2;
            xy[i][1] = 2 * rng.nextDouble();
            xy[i][2] = Math.sin(2 * xy[i][0]) + 0.5 * xy[i][1] + 0.2 * (rng.nextDouble() - 0.5);
        }
        return xy;
    }

    static double[][] x() {
        double[][] xy = make();
        double[][] x = new double[xy.length][];
        for (int i = 0; i < xy.length; i++) {
            x[i] = new double[] {xy[i][0], xy[i][1]};
        }
        return x;
    }

    static double[] y() {
        double[][] xy = make();
        double[] y = new double[xy.length];
        for (int i = 0; i < xy.length; i++) {
            y[i] = xy[i][2];
        }
        return y;
    }
}
