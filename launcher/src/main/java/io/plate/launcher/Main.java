package io.plate.launcher;

/** Placeholder replaced by the real launcher. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("Plate launcher");
    }
}
