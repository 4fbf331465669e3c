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


def opaque(image, background=(0, 0, 0)):
    """The picture as RGB, translucent pixels composited over `background` (as artscore.py's main does)."""
    from PIL import Image
    src = Image.open(image)
    src.load()
    if src.mode in ("RGBA", "LA", "P"):
        src = src.convert("RGBA")
        src = Image.alpha_composite(Image.new("RGBA", src.size, tuple(background) + (255,)), src)
    return src.convert("RGB")


def reference(a, image, cols, rows):
    from PIL import Image
    return opaque(image, a.DEF_BG).resize((cols * a.CW, rows * a.CH), Image.LANCZOS)


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


def identity(image):
    """What names a picture across runs (the skimage pictures are written to a new folder each time)."""
    return f"{os.path.basename(image)}:{os.path.getsize(image)}"


def intermediate(image, longest, folder):
    """The picture box-filtered in sRGB values (as the decoders' reduction does) to `longest`
    pixels on its longer side, written once as a PPM into `folder`."""
    import hashlib
    from PIL import Image
    out = os.path.join(folder, f"{hashlib.sha1(identity(image).encode()).hexdigest()[:12]}-{longest}.ppm")
    if not os.path.exists(out):
        src = opaque(image)
        scale = longest / max(src.size)
        if scale < 1:
            src = src.resize((max(1, round(src.size[0] * scale)), max(1, round(src.size[1] * scale))), Image.BOX)
        src.save(out + ".part", format="PPM")
        os.replace(out + ".part", out)
    return out


def score_picture_rendered(job):
    """The fast tuning loop: job (artscore path, mediapick-bench binary, extra render flags,
    image, sizes, configs, folder for intermediates, chafa scores already known {key: m}).
    Renders with `mediapick-bench render-file` from an intermediate like the pipeline's (the
    256-px picture for tiles up to 40x20, 6 pixels a sample beyond), so that renderer flags
    can be tried without rebuilding `mediapick`; returns rows shaped like `score_picture`'s
    (no cached view) and the chafa scores it made."""
    art_path, bench, flags, image, sizes, configs, folder, known = job
    a = artscore(art_path)
    results, made = [], {}
    for size in sizes:
        cols, rows = (int(v) for v in size.split("x"))
        ref = reference(a, image, cols, rows)
        ppm = intermediate(image, 256 if cols <= 40 and rows <= 20 else 12 * max(cols, rows), folder)
        for config, (mine, theirs, _) in configs.items():
            key = f"{identity(image)}|{size}|{theirs}"
            chafa = known.get(key)
            if chafa is None:
                out = run(["chafa", "-f", "symbols", "--size", size, "--stretch"] + theirs.split() + [image])
                chafa = made[key] = measure(a, ref, out, cols, rows)
            out = run([bench, "render-file", ppm, "--size", size, "--fit", "stretch"] + mine.split() + flags.split())
            results.append((image, size, config, {"nocache": measure(a, ref, out, cols, rows), "cached": None,
                                                  "chafa": chafa, "same": True}))
    return results, made
