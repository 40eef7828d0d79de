"""Lisboa (Vital Lacerda, 2017): its state, rules, hints, scoring, views and pictures."""
