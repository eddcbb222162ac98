package io.plate.api.sample;

/** One draw of (mean vector, covariance matrix) from a Normal-Inverse-Wishart distribution. */
public record NormalInverseWishartDraw(double[] mean, double[][] covariance) {
    /** Copies the mean and covariance, so that the draw cannot change. */
    public NormalInverseWishartDraw {
        mean = mean.clone();
        double[][] c = new double[covariance.length][];
        for (int i = 0; i < c.length; i++) {
            c[i] = covariance[i].clone();
        }
        covariance = c;
    }
}
