"""The FOG program register: every FSE's submittals, review cycles, waivers, deadlines and pump-outs in a database.

The register calls the calculation core (:func:`sizing.rules.review.review`, :func:`sizing.rules.waiver.decide`,
:func:`sizing.rules.maintenance.plan`, :func:`sizing.batch.run_batch`) and stores each result's ``to_dict()``;
the core never imports the register. Modules: :mod:`.location` (where it lives), :mod:`.engine`, :mod:`.versions` (schema version, migrations), :mod:`.db` (opening it), :mod:`.errors`, :mod:`.schema` (tables),
:mod:`.adapter` (findings in one shape), :mod:`.store` (writes), :mod:`.queries` (show, history, diff, export), :mod:`.deadlines` (the due list), :mod:`.reading` (a read's scope, rows as dicts), :mod:`.rows` (rows by FSE, the latest by date),
:mod:`.inspections` (field inspections and the notices they open or close), :mod:`.replan` (each FSE's one
maintenance plan, made from every pump-out and reading on file whichever record is written), :mod:`.notices` (the notices' states), :mod:`.summary` (the program
summary of a period).
"""
