#!/usr/bin/env python3
"""scikit-learn side of Plate's classifier speed benchmark (ClassifierBenchmark runs it in the same run).

Three cases, the same data conventions as the Java side (bundles/io.plate.classifier/src/test/python/
make_parity_fixtures.py): 20news MultinomialNB(alpha=0.01) on CountVectorizer() counts of the bydate
train/test TSVs; a9a BernoulliNB(alpha=1) on the LibSVM files; mushroom CategoricalNB(alpha=1) on the
OrdinalEncoder codes of all 8124 rows ('?' an ordinary level), scored on the same rows.
Vectorising/encoding is not timed. Fit and predict_proba are each timed REPEATS times after WARMUP
untimed runs; the median is printed. One line per case:
  case=NAME fit_s=F predict_s=P accuracy=A train_rows=N test_rows=M
Usage: python3 bench/sklearn_classifier.py SHARED_DATA_DIR [REPEATS]

With --serve the data is read once and the script then reads case names from stdin, one per line, and
answers each with one timed fit + predict_proba in the format above (no median): ClassifierBenchmark
uses this to alternate Plate and scikit-learn run by run, so that both see the same machine load.
  python3 bench/sklearn_classifier.py SHARED_DATA_DIR --serve
"""
import csv, os, sys, time
import numpy as np
from sklearn import naive_bayes as nb
from sklearn.datasets import load_svmlight_file
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.preprocessing import OrdinalEncoder

WARMUP = 2


def unescape(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == '\\' and i + 1 < len(s):
            out.append({'n': '\n', 't': '\t', 'r': '\r', '\\': '\\'}.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def read_tsv(path):
    with open(path, encoding='utf-8') as f:
        header = f.readline().rstrip('\n').split('\t')
        li, ti = header.index('label'), header.index('text')
        y, docs = [], []
        for line in f:
            p = line.rstrip('\n').split('\t')
            y.append(p[li])
            docs.append(unescape(p[ti]))
    return docs, np.array(y)


def median_time(fn, repeats):
    for _ in range(WARMUP):
        fn()
    times, out = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return out, float(np.median(times))


def run(name, model, A, y, B, yt, repeats):
    _, fit_s = median_time(lambda: model.fit(A, y), repeats)
    P, pred_s = median_time(lambda: model.predict_proba(B), repeats)
    report(name, model, P, yt, fit_s, pred_s, A, B)


def report(name, model, P, yt, fit_s, pred_s, A, B):
    acc = float(np.mean(model.classes_[P.argmax(1)] == yt))
    print(f'case={name} fit_s={fit_s:.6f} predict_s={pred_s:.6f} accuracy={acc:.4f} '
          f'train_rows={A.shape[0]} test_rows={B.shape[0]}', flush=True)


def cases(data):
    """name -> (model, A, y, B, yt), vectorised/encoded (not timed)."""
    out = {}
    d, y = read_tsv(os.path.join(data, '20newsgroups-bydate/20news-bydate-train.tsv'))
    dt, yt = read_tsv(os.path.join(data, '20newsgroups-bydate/20news-bydate-test.tsv'))
    v = CountVectorizer()
    A = v.fit_transform(d)
    out['20news-multinomial'] = (nb.MultinomialNB(alpha=0.01, force_alpha=True), A, y, v.transform(dt), yt)
    A, y = load_svmlight_file(os.path.join(data, 'libsvm-a9a/a9a'))
    B, yt = load_svmlight_file(os.path.join(data, 'libsvm-a9a/a9a.t'), n_features=A.shape[1])
    out['a9a-bernoulli'] = (nb.BernoulliNB(alpha=1.0, force_alpha=True), A, y, B, yt)
    with open(os.path.join(data, 'mushroom/mushroom.csv'), newline='') as f:
        rows = [r for r in csv.reader(f) if r][1:]
    X = np.array([r[:-1] for r in rows], dtype=object)
    y = np.array([r[-1] for r in rows])
    A = OrdinalEncoder().fit_transform(X)
    out['mushroom-categorical'] = (nb.CategoricalNB(alpha=1.0, force_alpha=True), A, y, A, y)
    return out


def serve(data):
    all_cases = cases(data)
    print('ready ' + ' '.join(all_cases), flush=True)
    for line in sys.stdin:
        name = line.strip()
        if not name:
            break
        model, A, y, B, yt = all_cases[name]
        t = time.perf_counter()
        model.fit(A, y)
        fit_s = time.perf_counter() - t
        t = time.perf_counter()
        P = model.predict_proba(B)
        pred_s = time.perf_counter() - t
        report(name, model, P, yt, fit_s, pred_s, A, B)


def main():
    data = sys.argv[1]
    if len(sys.argv) > 2 and sys.argv[2] == '--serve':
        serve(data)
        return
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    for name, (model, A, y, B, yt) in cases(data).items():
        run(name, model, A, y, B, yt, repeats)


if __name__ == '__main__':
    main()
