"""Scores `mediapick thumb` as the user sees it beside chafa, with artscore.py's own functions.

For each picture and grid size the reference is made once (as artscore.py's main does);
for each configuration the original file goes through
  nocache  `mediapick thumb --no-cache` (a first view, an fzf preview of a new file)
  cached   the same command twice with a fresh XDG_CACHE_HOME: the second run renders from
           the disk cache; the first run's output must equal `nocache` byte for byte
  chafa    chafa on the same file
all with --fit stretch (chafa --stretch), and each output is scored exactly as artscore.py
scores it (parse, rasterise, score, the same rounding).
"""
import importlib.util, os, shutil, subprocess, tempfile

_artscore = None


def artscore(path):
    global _artscore
    if _artscore is None:
        spec = importlib.util.spec_from_file_location("artscore", path)
        _artscore = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_artscore)
    return _artscore


def reference(a, image, cols, rows):
    from PIL import Image
    src = Image.open(image)
    src.load()
    if src.mode in ("RGBA", "LA", "P"):
        src = src.convert("RGBA")
        bg = Image.new("RGBA", src.size, a.DEF_BG + (255,))
        src = Image.alpha_composite(bg, src)
    return src.convert("RGB").resize((cols * a.CW, rows * a.CH), Image.LANCZOS)


def measure(a, ref, text, cols, rows):
    grid = a.parse(text)
    fine, coarse, de, corr, norm = a.score(ref, a.rasterise(grid, cols, rows), cols, rows)
    return {"ssim_fine": round(fine, 4), "ssim_coarse": round(coarse, 4), "de_coarse": round(de, 2),
            "corr_coarse": round(corr, 4), "ssim_norm": round(norm, 4)}


def run(cmd, env=None):
    out = subprocess.run(cmd, capture_output=True, timeout=120, env=env)
    return out.stdout.decode("utf-8", "replace")


def score_picture(job):
    """job: (artscore path, mediapick binary, image, sizes, {config: (mine, theirs, rule)}).
    Returns [(image, size, config, {"nocache": m, "cached": m, "chafa": m, "same": bool})]."""
    art_path, mediapick, image, sizes, configs = job
    a = artscore(art_path)
    results = []
    for size in sizes:
        cols, rows = (int(v) for v in size.split("x"))
        ref = reference(a, image, cols, rows)
        for config, (mine, theirs, _) in configs.items():
            base = [mediapick, "thumb", "--size", f"{cols}x{rows}", "--fit", "stretch"] + mine.split()
            nocache = run(base[:2] + ["--no-cache"] + base[2:] + [image])
            home = tempfile.mkdtemp(prefix="mediapick-quality-xdg-")
            env = dict(os.environ, XDG_CACHE_HOME=home)
            first = run(base + [image], env)
            second = run(base + [image], env)
            shutil.rmtree(home, ignore_errors=True)
            theirs_out = run(["chafa", "-f", "symbols", "--size", f"{cols}x{rows}", "--stretch"] + theirs.split() + [image])
            results.append((image, size, config, {
                "nocache": measure(a, ref, nocache, cols, rows),
                "cached": measure(a, ref, second, cols, rows) if second != nocache else None,
                "chafa": measure(a, ref, theirs_out, cols, rows),
                "same": first == nocache and second == nocache}))
    return results


def wins(rule, mine, theirs):
    if rule == "corr":
        return mine["corr_coarse"] > theirs["corr_coarse"]
    return mine["de_coarse"] < theirs["de_coarse"] and mine["ssim_coarse"] > theirs["ssim_coarse"]
